// The browser client (web/), built into the program so that `tabula serve`
// works from any folder: web_assets.cpp is written at build time by
// tools/embed_web.cmake from the files of web/.
#pragma once
#include <cstddef>
#include <string_view>

namespace tabula::cli {

struct WebAsset {
  const char* name;  // relative to web/, "app.js"
  const unsigned char* data;
  size_t size;
};

// The file `name` of web/, or nullptr.
const WebAsset* web_asset(std::string_view name);

}  // namespace tabula::cli
