#include "tools/tabula/serve/catalogue.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "tools/tabula/common.h"

namespace tabula::cli {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json text_json(const Text& t) { return {{"en", t.en}, {"cs", t.get("cs")}}; }

}  // namespace

Catalogue::Catalogue(const std::string& first) {
  // The first folder that holds an id wins, as for `tabula play ID`.
  std::map<std::string, bool> seen;
  std::vector<std::string> ids;
  for (const auto& dir : pack_search_path()) {
    std::error_code ec;
    std::vector<std::string> here;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (fs::is_regular_file(entry.path() / "pack.toml", ec)) here.push_back(entry.path().filename().string());
    std::sort(here.begin(), here.end());
    for (const auto& id : here)
      if (seen.emplace(id, true).second) ids.push_back(id);
  }
  std::map<std::string, json> bases;                 // id -> entry
  std::map<std::string, std::vector<json>> layers;   // base id -> its layers
  for (const auto& id : ids) {
    LoadResult lr;
    try {
      lr = load_named(id, {});
    } catch (const std::exception& err) {
      std::cerr << "tabula serve: pack " << id << " is not offered: " << err.what() << "\n";
      continue;
    }
    if (!lr.ok()) {
      std::cerr << "tabula serve: pack " << id << " is not offered: it does not load\n";
      continue;
    }
    const PackSet& p = *lr.packs;
    if (p.layers.size() > 1) {
      layers[p.layers.front().id].push_back({{"id", id}, {"name", text_json(p.layers.back().name)}});
      continue;
    }
    json setups = json::array();
    for (const auto& [sid, s] : p.setups) setups.push_back({{"id", sid}, {"name", text_json(s.name)}, {"seats", s.seats}});
    json kinds = {"human", "random", "greedy", "mcts"};
    for (const auto& [name, bot] : p.bots) kinds.push_back(name);
    bases[id] = {{"id", id},
                 {"name", text_json(p.layers.back().name)},
                 {"seats", {{"min", p.seats.game_min > 0 ? p.seats.game_min : p.seats.min}, {"max", p.seats.max}, {"default", p.seats.fallback}, {"fewest", p.seats.min}}},
                 {"setups", setups},
                 {"kinds", kinds}};
  }
  auto add = [&](const std::string& id) {
    json entry = bases[id];
    entry["layers"] = json::array();
    for (const auto& l : layers[id]) entry["layers"].push_back(l);
    list_.push_back(entry);
  };
  if (bases.count(first)) add(first);
  for (const auto& [id, entry] : bases)
    if (id != first) add(id);
}

std::string Catalogue::refuse(const std::string& pack, const std::vector<std::string>& with) const {
  for (const auto& entry : list_) {
    if (entry["id"] != pack) continue;
    for (const auto& w : with) {
      bool found = false;
      for (const auto& l : entry["layers"]) found = found || l["id"] == w;
      if (!found) return "with: '" + w + "' is not a layer of " + pack + " on this server";
    }
    return "";
  }
  return "pack: '" + pack + "' is not a pack on this server";
}

}  // namespace tabula::cli
