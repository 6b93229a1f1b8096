#include "tools/tabula/serve/web_layout.h"

#include <filesystem>
#include <sstream>

#include <fstream>

#include "core/pack/toml.h"
#include "core/pack/toml_guard.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

json to_json(const toml::node& n) {
  if (const auto* t = n.as_table()) {
    json j = json::object();
    for (const auto& [key, value] : *t) j[std::string(key.str())] = to_json(value);
    return j;
  }
  if (const auto* a = n.as_array()) {
    json j = json::array();
    for (const auto& value : *a) j.push_back(to_json(value));
    return j;
  }
  if (const auto* v = n.as_string()) return v->get();
  if (const auto* v = n.as_integer()) return v->get();
  if (const auto* v = n.as_floating_point()) return v->get();
  if (const auto* v = n.as_boolean()) return v->get();
  return nullptr;  // dates and times, which no layout key takes
}

}  // namespace

json web_layout(const PackSet& packs) {
  for (auto layer = packs.layers.rbegin(); layer != packs.layers.rend(); ++layer) {
    const std::filesystem::path file = std::filesystem::path(layer->dir) / "web.toml";
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) continue;
    const std::string where = layer->id + "/web.toml";
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) return {{"error", where + ": cannot read the file"}};
    int line = 0, column = 0;
    if (const std::string why = toml_guard_error(text.str(), line, column); !why.empty())
      return {{"error", where + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + why}};
    try {
      json j = to_json(toml::parse(text.str(), file.string()));
      j["file"] = where;
      return j;
    } catch (const toml::parse_error& err) {
      const auto& at = err.source().begin;
      return {{"error", where + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
                            std::string(err.description())}};
    }
  }
  return nullptr;
}

}  // namespace tabula::cli
