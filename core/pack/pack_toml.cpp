// Reads pack.toml and its manifests with toml++, checks every key and type
// against the pack format (docs/packs.md), and merges the layers: here the
// layers found and resolved, the files they name, pack.toml read table by
// table, parameters edited across layers, and load_pack. The rest of the
// kernel sees PackSet.
#include "core/pack/toml_reader.h"

#include <algorithm>
#include <tuple>
#include <cstdlib>
#include <set>

#include "core/pack/script_ids.h"
#include "core/state/suggest.h"

namespace tabula::pack_toml {

std::optional<LayerFile> Loader::read_layer(const fs::path& dir) {
  fs::path file = dir / "pack.toml";
  if (!fs::exists(file)) {
    error(SourcePos{dir.string()}, "", "no pack.toml in this folder");
    return std::nullopt;
  }
  if (std::string why = not_a_file(file); !why.empty()) {
    error(SourcePos{file.string()}, "", why);
    return std::nullopt;
  }
  LayerFile layer;
  if (!parse_toml(*this, file, layer.root)) return std::nullopt;
  const toml::node* p = layer.root.get("pack");
  if (!p || !p->is_table()) {
    if (p) wrong_type(*p, "pack", "a table");
    else error(SourcePos{file.string(), 1, 1}, "pack", "missing [pack] table");
    return std::nullopt;
  }
  Table t(*this, *p->as_table(), "pack", KeyTable::Pack);
  layer.info.dir = dir.string();
  layer.info.id = t.str("id").value_or("");
  // The id names the pack's scripts ("<id>/<path>") and its folder for the
  // layers above: the same rules as any other id.
  if (const toml::node* n = t.raw().get("id"); n && n->is_string())
    good_id(layer.info.id, pos_of(n->source()), "pack.id");
  layer.info.name = t.text("name").value_or(Text{layer.info.id, ""});
  layer.info.version = t.str("version").value_or("");
  layer.info.extends = t.str("extends").value_or("");
  layer.info.patches = t.str("patches").value_or("");
  t.node("manifests");
  t.node("rules");
  t.node("texts");
  t.node("score");
  t.node("determinize");
  t.node("rounds");
  t.node("resign");
  t.node("score_relative");
  t.node("owned_zones");
  t.finish();
  if (!layer.info.extends.empty() && !layer.info.patches.empty())
    error(t.pos(), "pack", "a pack either extends or patches another pack, not both");
  return layer;
}

bool Loader::resolve(const fs::path& dir, std::vector<LayerFile>& layers, std::vector<std::string>& visiting,
                     const std::string& wanted, const SourcePos& asked, const std::string& asked_key) {
  auto layer = read_layer(dir);
  if (!layer) return false;
  const std::string& id = layer->info.id;
  if (!wanted.empty() && id != wanted) {
    error(asked, asked_key, "folder " + dir.string() + " holds pack '" + id + "', not '" + wanted + "'");
    return false;
  }
  if (auto at = std::find(visiting.begin(), visiting.end(), id); at != visiting.end()) {
    std::string cycle;
    for (auto it = at; it != visiting.end(); ++it) cycle += *it + " -> ";
    error(asked.line > 0 ? asked : SourcePos{(dir / "pack.toml").string()}, asked_key.empty() ? "pack" : asked_key,
          "layers form a cycle: " + cycle + id);
    return false;
  }
  for (const auto& l : layers)
    if (l.info.id == id) return true;  // already loaded through another path
  std::string parent = layer->info.extends.empty() ? layer->info.patches : layer->info.extends;
  std::vector<std::string> chain{id};
  if (!parent.empty()) {
    const std::string key = layer->info.extends.empty() ? "pack.patches" : "pack.extends";
    const toml::node* n = layer->root["pack"][layer->info.extends.empty() ? "patches" : "extends"].node();
    const SourcePos where = n ? pos_of(n->source()) : SourcePos{(dir / "pack.toml").string()};
    // A pack id names a sibling folder: no path may lead elsewhere.
    if (parent.find_first_of("/\\") != std::string::npos || parent == "." || parent == "..") {
      error(where, key, "'" + parent + "' is not a pack id: name a sibling pack's id, not a path");
      return false;
    }
    // First beside the pack that asks, then on the search path.
    std::vector<fs::path> places{dir.parent_path() / parent};
    for (const auto& s : search) places.push_back(s / parent);
    fs::path pdir;
    std::string looked;
    for (const auto& place : places) {
      std::error_code ec;
      if (fs::exists(place / "pack.toml", ec)) {
        pdir = place;
        break;
      }
      looked += (looked.empty() ? "" : ", ") + place.string();
    }
    if (pdir.empty()) {
      error(where, "pack", "pack '" + parent + "' not found (looked in " + looked +
                               "; add its folder's parent to the search path: --packs DIR or TABULA_PATH)");
      return false;
    }
    visiting.push_back(id);
    if (!resolve(pdir, layers, visiting, parent, where, key)) return false;
    visiting.pop_back();
    for (const auto& l : layers)
      if (l.info.id == parent) chain.insert(chain.end(), l.chain.begin(), l.chain.end());
  }
  layer->chain = chain;
  layers.push_back(std::move(*layer));
  return true;
}

void Loader::touch(const LayerFile& layer, const std::string& what, const SourcePos& p) {
  auto it = touched_.find(what);
  if (it != touched_.end()) {
    const auto& prev = it->second.first;
    if (std::find(layer.chain.begin(), layer.chain.end(), prev) == layer.chain.end())
      error(p, what, "conflict: layers '" + prev + "' (" + it->second.second.to_string() + ") and '" + layer.info.id +
                         "' both change this, and neither builds on the other");
  }
  touched_[what] = {layer.info.id, p};
}

// A file a manifest names lies inside the pack's folder: not an absolute
// path, no `..` out of it, no symlink that leads elsewhere.
bool Loader::confined(const LayerFile& layer, const std::string& rel, const SourcePos& at, const std::string& key) {
  const fs::path r(rel);
  if (r.is_absolute() || r.has_root_name() || r.has_root_directory()) {
    error(at, key, "'" + rel + "' is an absolute path; name a file inside the pack's folder");
    return false;
  }
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(fs::absolute(layer.info.dir, ec), ec);
  const fs::path full = fs::weakly_canonical(fs::absolute(fs::path(layer.info.dir) / r, ec), ec);
  auto [end, _] = std::mismatch(root.begin(), root.end(), full.begin(), full.end());
  if (ec || end != root.end()) {
    error(at, key, "'" + rel + "' leads outside the pack's folder (to " + full.string() + ")");
    return false;
  }
  return true;
}

// A script a manifest names, checked to be a file inside the pack's folder.
std::optional<ScriptFile> Loader::script_file(const LayerFile& layer, const std::string& rel, const toml::node& at,
                                              const std::string& key) {
  if (!confined(layer, rel, pos_of(at.source()), key)) return std::nullopt;
  fs::path path = fs::path(layer.info.dir) / rel;
  if (rel.empty() || !fs::exists(path)) {
    error(at, key, "missing script: " + path.string());
    return std::nullopt;
  }
  if (std::string why = not_a_file(path); !why.empty()) {
    error(at, key, "'" + rel + "' " + why);
    return std::nullopt;
  }
  return ScriptFile{layer.info.id + "/" + rel, path.string(), layer.info.id};
}

std::string Loader::script_key(const LayerFile& layer, const std::string& rel, const toml::node& at,
                               const std::string& key) {
  auto f = script_file(layer, rel, at, key);
  if (!f) return "";
  out.scripts[f->key] = *f;
  return f->key;
}

// [screen]: the screen script stays out of out.scripts, so the game's host
// never loads it; internal names gather over the layers, each checked.
void Loader::read_screen(const LayerFile& layer, const toml::table& screen) {
  Table t(*this, screen, "screen", KeyTable::Screen);
  if (auto rel = t.str("script")) {
    const toml::node& at = *t.raw().get("script");
    if (auto f = script_file(layer, *rel, at, "screen.script")) out.screen = *f;
    touch(layer, "screen.script", pos_of(at.source()));
  }
  if (auto names = t.strings("internal")) {
    const toml::array& at = *t.raw().get("internal")->as_array();
    for (size_t i = 0; i < names->size(); ++i) {
      const std::string& n = (*names)[i];
      const size_t star = n.find('*');
      if (n.empty() || n == "*" || (star != std::string::npos && star + 1 != n.size()))
        error(*at.get(i), "screen.internal[" + std::to_string(i) + "]",
              "'" + escape_id(n) + "' is not a name or a prefix ending in '*' (e.g. \"fight@*\")");
      else if (std::find(out.internal.begin(), out.internal.end(), n) == out.internal.end())
        out.internal.push_back(n);
    }
  }
  t.finish();
}

// A manifest or text file of a layer, parsed and kept alive for the
// positions of its nodes; null (with the error reported) when it is missing
// or not TOML.
const toml::table* Loader::read_file(const LayerFile& layer, const std::string& rel, const SourcePos& where,
                                     const char* key, const char* what) {
  if (!confined(layer, rel, where, key)) return nullptr;
  fs::path path = fs::path(layer.info.dir) / rel;
  if (!fs::exists(path)) {
    error(where, key, std::string("missing ") + what + ": " + path.string());
    return nullptr;
  }
  if (std::string why = not_a_file(path); !why.empty()) {
    error(where, key, "'" + rel + "' " + why);
    return nullptr;
  }
  auto doc = std::make_unique<toml::table>();
  if (!parse_toml(*this, path, *doc)) return nullptr;
  manifests_.push_back(std::move(doc));
  return manifests_.back().get();
}

void Loader::merge(const LayerFile& layer) {
  out.layers.push_back(layer.info);
  chains_[layer.info.id] = layer.chain;
  out.script_dirs.insert(out.script_dirs.begin(), PackSet::ScriptDir{layer.info.id, layer.info.dir});
  Table root(*this, layer.root, "", KeyTable::Root);
  Table pack(*this, *root.table("pack"), "pack", KeyTable::Pack);
  // Each layer's rules module is its own: it adds a module that listens and
  // homes the nodes this layer declares, never those of the layers below.
  if (auto r = pack.str("rules"))
    out.layers.back().rules = out.rules = script_key(layer, *r, *pack.raw().get("rules"), "pack.rules");
  if (pack.raw().contains("rules") && out.layers.back().rules.empty()) bad_rules_.insert(layer.info.id);
  // [pack] score, determinize and rounds: each a function of this layer's
  // rules script.
  for (auto [key, slot, example] : {std::tuple{"score", &out.score, "ai.score"},
                                    std::tuple{"determinize", &out.determinize, "ai.determinize"},
                                    std::tuple{"rounds", &out.rounds, "rating.rounds"}}) {
    auto fn = pack.str(key);
    if (!fn) continue;
    const toml::node& at = *pack.raw().get(key);
    const std::string where = std::string("pack.") + key;
    if (out.layers.back().rules.empty())
      error(at, where, "names a function of this layer's rules script, but the layer has none (rules = ...)");
    else if (fn->empty())
      error(at, where, std::string("must name a function, e.g. \"") + example + "\"");
    else
      *slot = {out.layers.back().rules, *fn, layer.info.id, pos_of(at.source())};
  }
  for (const std::string& id : pack.strings("resign").value_or(std::vector<std::string>{}))
    if (std::find(out.resign.begin(), out.resign.end(), id) == out.resign.end()) out.resign.push_back(id);
  if (auto relative = pack.boolean("score_relative")) out.score_relative = *relative;
  if (auto zones = pack.strings("owned_zones")) {
    const toml::array* a = pack.raw().get("owned_zones")->as_array();
    for (size_t i = 0; i < zones->size(); ++i) {
      if (std::find(out.owned_zones.begin(), out.owned_zones.end(), (*zones)[i]) != out.owned_zones.end()) continue;
      out.owned_zones.push_back((*zones)[i]);
      out.owned_zones_pos.push_back(pos_of(a->get(i)->source()));
    }
  }
  std::vector<std::string> manifests = pack.strings("manifests").value_or(std::vector<std::string>{});
  std::vector<std::string> text_files = pack.strings("texts").value_or(std::vector<std::string>{});

  if (const toml::table* seats = root.table("seats")) read_seats(layer, *seats);
  if (const toml::table* kinds = root.table("kinds")) read_kinds(layer, *kinds);
  if (const toml::table* zones = root.table("zones")) read_zones(layer, *zones);
  if (const toml::table* flow = root.table("flow")) read_flow(layer, *flow);
  if (const toml::table* combat = root.table("combat")) read_combat(layer, *combat);
  if (const toml::table* params = root.table("params")) read_params(layer, *params);
  if (const toml::table* setups = root.table("setups")) read_setups(layer, *setups);
  if (const toml::table* graphs = root.table("graphs"))
    for (auto&& [k, v] : *graphs) read_graph(layer, std::string(k.str()), v);
  if (const toml::table* screen = root.table("screen")) read_screen(layer, *screen);
  if (const toml::table* bots = root.table("bots")) read_bots(layer, *bots);
  root.finish();

  // Each file is reported where it is named.
  auto named_at = [&](const char* k, size_t i) {
    const toml::node* n = pack.raw().get(k);
    const toml::array* a = n ? n->as_array() : nullptr;
    return a && i < a->size() ? pos_of(a->get(i)->source()) : n ? pos_of(n->source()) : pack.pos();
  };
  // A file named twice is read once: read again, each of its entities would
  // be reported as defined twice, far from the real mistake.
  auto first_time = [&](const std::vector<std::string>& files, const char* k, size_t i) {
    const fs::path p = fs::path(files[i]).lexically_normal();
    for (size_t j = 0; j < i; ++j)
      if (fs::path(files[j]).lexically_normal() == p) {
        error(named_at(k, i), std::string("pack.") + k,
              "'" + files[i] + "' is named twice (first at " + named_at(k, j).to_string() + ")");
        return false;
      }
    return true;
  };
  for (size_t i = 0; i < manifests.size(); ++i)
    if (first_time(manifests, "manifests", i)) merge_manifest(layer, manifests[i], named_at("manifests", i));
  for (size_t i = 0; i < text_files.size(); ++i)
    if (first_time(text_files, "texts", i)) merge_texts(layer, text_files[i], named_at("texts", i));
}

// [params]: values set whole, or lists that a layer appends to or removes
// from (edit_list_param).
void Loader::read_params(const LayerFile& layer, const toml::table& params) {
  for (auto&& [k, v] : params) {
    std::string name(k.str());
    std::string key = "params." + name;
    if (const toml::table* pt = v.as_table(); pt && !pt->contains("value") && (pt->contains("append") || pt->contains("remove"))) {
      edit_list_param(layer, name, v, *pt);
      continue;
    }
    // A house rule or variant changes the game's numbers: a name no layer
    // below declares but close to one that does is a misspelling (an
    // error); any other new name is the layer's own, and is noted.
    if (!layer.info.patches.empty() && !out.params.count(name)) {
      std::vector<std::string> names;
      for (const auto& [id, prm] : out.params) names.push_back(id);
      const std::string near = suggestion(name, names);
      const std::string what = "'" + layer.info.patches + "' and the layers below it declare no parameter '" + name + "'";
      if (!near.empty()) {
        error(pos_of(k.source()), key, what + near);
        continue;
      }
      diags.push_back({Diagnostic::Severity::Warning, pos_of(k.source()), key,
                       what + ": a parameter this layer adds"});
    }
    Param p;
    p.layer = layer.info.id;
    p.pos = pos_of(v.source());
    if (const toml::table* pt = v.as_table(); pt && pt->contains("value")) {
      Table t(*this, *pt, key, KeyTable::Param);
      if (const toml::node* x = t.node("value"))
        if (auto val = to_value(*this, *x, key + ".value")) p.value = *val;
      p.provisional = t.boolean("provisional").value_or(false);
      p.note = t.str("note").value_or("");
      t.finish();
    } else if (auto val = to_value(*this, v, key)) {
      p.value = *val;
    }
    out.params[name] = std::move(p);
    claim_whole_param(layer, key, pos_of(v.source()));
  }
}

// Appends to or removes from a list parameter of a lower layer. Layers that
// edit one list do not conflict with each other; a layer that sets the
// whole list conflicts with every edit by a layer it does not build on.
void Loader::edit_list_param(const LayerFile& layer, const std::string& name, const toml::node& at,
                             const toml::table& pt) {
  const std::string key = "params." + name;
  Table t(*this, pt, key, KeyTable::ParamEdit);
  const toml::node* removes = t.node("remove");
  const toml::node* appends = t.node("append");
  auto provisional = t.boolean("provisional");
  auto note = t.str("note");
  t.finish();
  auto it = out.params.find(name);
  if (it == out.params.end()) {
    std::vector<std::string> names;
    for (const auto& [n, _] : out.params) names.push_back(n);
    error(at, key, "no parameter '" + name + "' in the layers below to append to or remove from" + suggestion(name, names));
    return;
  }
  Param& p = it->second;
  if (!p.value.is_list()) {
    error(at, key, std::string("append and remove need a list, but '") + name + "' holds " + Value::kind_name(p.value.kind()));
    return;
  }
  const SourcePos pos = pos_of(at.source());
  if (auto w = touched_.find(key); w != touched_.end() &&
      std::find(layer.chain.begin(), layer.chain.end(), w->second.first) == layer.chain.end())
    error(pos, key, "conflict: layer '" + w->second.first + "' (" + w->second.second.to_string() + ") sets this list and '" +
                        layer.info.id + "' edits it, and neither builds on the other");
  list_edits_[key].push_back({layer.info.id, pos});
  auto each = [&](const toml::node* n, const char* what, auto&& fn) {
    if (!n) return;
    const toml::array* a = n->as_array();
    if (!a) return wrong_type(*n, key + "." + what, "an array");
    for (size_t i = 0; i < a->size(); ++i)
      if (auto v = to_value(*this, *a->get(i), key + "." + what + "[" + std::to_string(i) + "]")) fn(*v, *a->get(i));
  };
  List& items = p.value.items();
  each(removes, "remove", [&](const Value& v, const toml::node& n) {
    auto found = std::find(items.begin(), items.end(), v);
    if (found == items.end()) error(n, key + ".remove", "'" + (v.is_str() ? std::string(v.as_str()) : v.to_string()) + "' is not in the list");
    else items.erase(found);
  });
  each(appends, "append", [&](const Value& v, const toml::node&) { items.push_back(v); });
  if (provisional) p.provisional = *provisional;
  if (note) p.note = *note;
  p.layer = layer.info.id;
}

void Loader::claim_whole_param(const LayerFile& layer, const std::string& key, const SourcePos& p) {
  for (const auto& [edit_layer, where] : list_edits_[key])
    if (std::find(layer.chain.begin(), layer.chain.end(), edit_layer) == layer.chain.end())
      error(p, key, "conflict: layer '" + edit_layer + "' (" + where.to_string() + ") edits this list and '" +
                        layer.info.id + "' sets it whole, and neither builds on the other");
  list_edits_.erase(key);
  touch(layer, key, p);
}

// The rules module of a layer, or of the nearest layer it builds on that has one.
std::string Loader::rules_for(const std::string& layer) const {
  auto chain = chains_.find(layer);
  if (chain == chains_.end()) return out.rules;
  for (const auto& id : chain->second)
    for (const auto& l : out.layers)
      if (l.id == id && !l.rules.empty()) return l.rules;
  return "";
}

namespace {

// A pack folder as given on a command line: "pack/" (as tab completion
// writes it) and "." (inside the pack) name the folder itself, whose parent
// holds the sibling packs it builds on.
fs::path folder(const std::string& dir) {
  fs::path p = fs::path(dir).lexically_normal();
  if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
  if (p.empty() || p.filename() == "." || p.filename() == "..") {
    std::error_code ec;
    p = fs::absolute(p, ec).lexically_normal();
    if (!p.has_filename() && p.has_parent_path()) p = p.parent_path();
  }
  return p;
}

}  // namespace

bool Loader::load(const std::string& dir, const std::vector<std::string>& extra) {
  std::vector<LayerFile> layers;
  std::vector<std::string> visiting;
  if (!resolve(folder(dir), layers, visiting)) return false;
  for (const auto& e : extra) {
    visiting.clear();
    if (!resolve(folder(e), layers, visiting)) return false;
  }
  for (const auto& layer : layers) merge(layer);
  // A property that a later layer adds to a kind has its default in the
  // definitions of the layers below as well (they were read before it).
  for (auto& [id, e] : out.entities) {
    auto k = out.kinds.find(e.kind);
    if (k == out.kinds.end()) continue;
    for (const auto& spec : k->second.props)
      if (dict_get(e.props, spec.name).is_nil() && !spec.fallback.is_nil()) dict_set(e.props, spec.name, spec.fallback);
  }
  // The shared Lua library comes last: a pack's own module of the same name wins.
  const char* env = std::getenv("TABULA_SCRIPTS");
  out.script_dirs.push_back(PackSet::ScriptDir{"scripts", env && *env ? env : TABULA_SCRIPTS_DIR});
  splice_inserts(out, std::move(inserts_), step_pos_, diags);
  check_references();
  check_bots();
  check_card_texts();
  if (check_scripts) check_stale_numbers();
  name_functions();
  if (check_scripts) {
    std::set<std::string> removed;
    for (const auto& r : removed_) removed.insert(r.id);
    check_script_ids(out, removed, diags);
    check_script_texts(out, diags);
  }
  follow_removals(out, removed_, [&](const std::string& what, const SourcePos& fallback) {
    auto it = touched_.find(what);
    return it != touched_.end() ? it->second.second : fallback;
  }, diags);
  // Only modules that something still names are loaded: a script that a
  // later layer swapped out or whose entity it removed must not linger as a
  // rule module (its handlers would fire for every event).
  std::set<std::string> named{out.rules, out.combat.script};
  for (const auto& [id, n] : out.flow) named.insert(n.script);
  for (const auto& l : out.layers) named.insert(l.rules);
  for (const auto& [id, e] : out.entities) named.insert(e.script);
  for (const auto& [id, b] : out.bots) named.insert({b.rating.module, b.policy.module});
  for (auto it = out.scripts.begin(); it != out.scripts.end();)
    it = named.count(it->first) ? std::next(it) : out.scripts.erase(it);
  for (const auto& d : diags)
    if (d.severity == Diagnostic::Severity::Error) return false;
  return true;
}

}  // namespace tabula::pack_toml

namespace tabula {

LoadResult load_pack(const std::string& dir, const std::vector<std::string>& extra,
                     const std::vector<std::string>& search, bool check_scripts) {
  pack_toml::Loader l;
  l.check_scripts = check_scripts;
  for (const auto& s : search) l.search.push_back(pack_toml::folder(s));
  LoadResult r;
  if (l.load(dir, extra)) {
    r.packs = std::make_unique<PackSet>(std::move(l.out));
    r.packs->finalize();
  }
  r.diagnostics = std::move(l.diags);
  return r;
}


}  // namespace tabula
