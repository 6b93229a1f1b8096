// A pack's board for the browser (docs/web.md, "Layouts"): the web.toml of
// the top-most layer that has one, as JSON for the page, which checks its
// keys. A file that is not TOML gives {"error": "file:line:column: why"},
// and the page falls back to its generic board.
#pragma once
#include <nlohmann/json.hpp>

#include "core/pack/pack.h"

namespace tabula::cli {

nlohmann::json web_layout(const PackSet& packs);

}  // namespace tabula::cli
