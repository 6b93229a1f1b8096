// Reads pack.toml and its manifests with toml++, checks every key and type
// against the pack format (docs/packs.md), and merges the layers. The only
// file that includes toml++: the rest of the kernel sees PackSet.
#include "core/pack/toml.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/pack/graph.h"
#include "core/pack/manifest_keys.h"
#include "core/pack/pack.h"
#include "core/pack/pack_layers.h"
#include "core/pack/script_ids.h"
#include "core/pack/text.h"
#include "core/pack/toml_guard.h"
#include "core/state/suggest.h"

namespace tabula {

namespace fs = std::filesystem;

namespace {

// The most seats a pack may declare, a group may reach or a setup may ask
// for. A game allocates every seat's zones and counters when it starts, so
// an unbounded count is unbounded memory.
constexpr int kMaxSeats = 1000;
// Ids name things in saves, logs and every view; none needs more.
constexpr size_t kMaxIdLength = 128;

SourcePos pos_of(const toml::source_region& r) {
  SourcePos p;
  if (r.path) p.file = *r.path;
  p.line = static_cast<int>(r.begin.line);
  p.column = static_cast<int>(r.begin.column);
  return p;
}

const char* type_name(const toml::node& n) {
  switch (n.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a decimal number";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date or time";
  }
}

class Loader;
std::string escape_id(std::string_view id);

// One TOML table read against what the format allows there: the keys of
// its KeyTable (manifest_keys.h). finish() reports every other key. Reading
// a key the list lacks, or finishing without reading one it has, is a bug
// in the loader (the list and the loader would disagree), not in the pack.
class Table {
 public:
  // `all_optional`: no key is required here ([change.X] of an entity).
  Table(Loader& l, const toml::table& t, std::string path, KeyTable keys, bool all_optional = false)
      : l_(l), t_(t), path_(std::move(path)), keys_(keys), all_optional_(all_optional) {}
  std::string key(std::string_view k) const { return path_.empty() ? std::string(k) : path_ + "." + std::string(k); }
  const toml::node* node(std::string_view k) {
    const int i = manifest_keys(keys_).index(k);
    if (i < 0) throw std::logic_error("pack loader reads '" + std::string(k) + "', which manifest_keys.cpp does not list");
    read_ |= uint64_t{1} << i;
    return t_.get(k);
  }
  // A missing key is an error when manifest_keys.cpp marks it required.
  std::optional<std::string> str(std::string_view k);
  std::optional<int64_t> integer(std::string_view k);
  std::optional<bool> boolean(std::string_view k);
  std::optional<std::vector<std::string>> strings(std::string_view k);
  const toml::table* table(std::string_view k);
  std::optional<Text> text(std::string_view k);
  void finish();
  const toml::table& raw() const { return t_; }
  const std::string& path() const { return path_; }
  SourcePos pos() const { return pos_of(t_.source()); }

 private:
  Loader& l_;
  const toml::table& t_;
  std::string path_;
  KeyTable keys_;
  bool all_optional_;
  uint64_t read_ = 0;  // bit i: keys[i] was read
  bool required(std::string_view k) const {
    const KeyTableSpec& spec = manifest_keys(keys_);
    return !all_optional_ && spec.keys[spec.index(k)].required;
  }
};

struct LayerFile {
  PackInfo info;
  toml::table root;  // pack.toml
  std::vector<std::string> chain;  // ids of this pack and all it builds on
};

class Loader {
 public:
  std::vector<Diagnostic> diags;
  PackSet out;
  // Folders where packs are found by id after the sibling folders of the
  // pack that asks (load_pack's `search`).
  std::vector<fs::path> search;
  // Whether to read the scripts as text for ids that name nothing (about
  // as costly as the rest of loading: only `tabula check` asks).
  bool check_scripts = false;

  void error(const SourcePos& p, std::string key, std::string msg) {
    diags.push_back({Diagnostic::Severity::Error, p, std::move(key), std::move(msg)});
  }
  void error(const toml::node& n, std::string key, std::string msg) { error(pos_of(n.source()), std::move(key), std::move(msg)); }
  void wrong_type(const toml::node& n, const std::string& key, const char* expected) {
    error(n, key, std::string("expected ") + expected + ", found " + type_name(n));
  }

  bool load(const std::string& dir, const std::vector<std::string>& extra);

 private:
  std::optional<LayerFile> read_layer(const fs::path& dir);
  // `asked` is where a layer names this one (pack.extends or pack.patches,
  // `asked_key`), with the id it asks for; empty for a folder given directly.
  bool resolve(const fs::path& dir, std::vector<LayerFile>& layers, std::vector<std::string>& visiting,
               const std::string& wanted = "", const SourcePos& asked = {}, const std::string& asked_key = "");
  void merge(const LayerFile& layer);
  const toml::table* read_file(const LayerFile& layer, const std::string& rel, const SourcePos& where,
                               const char* key, const char* what);
  void merge_manifest(const LayerFile& layer, const std::string& rel, const SourcePos& where);
  void merge_texts(const LayerFile& layer, const std::string& rel, const SourcePos& where);
  void read_text_table(const LayerFile& layer, const toml::table& t, const std::string& prefix, int depth = 0);
  void read_text_entry(const LayerFile& layer, const toml::node& n, const std::string& key);
  void read_entity(const LayerFile& layer, Table& t, EntityDef& e);
  void read_flow_node(const LayerFile& layer, Table& t, FlowNode& n);
  void read_seat_groups(const LayerFile& layer, const toml::table& groups);
  void check_seat_groups();
  void read_listen(Table& t, ListenScope& scope);
  void check_listen(const ListenScope& scope, const std::string& key);
  std::string script_key(const LayerFile& layer, const std::string& rel, const toml::node& at, const std::string& key);
  std::optional<ScriptFile> script_file(const LayerFile& layer, const std::string& rel, const toml::node& at,
                                        const std::string& key);
  void read_screen(const LayerFile& layer, const toml::table& screen);
  bool confined(const LayerFile& layer, const std::string& rel, const SourcePos& at, const std::string& key);
  void touch(const LayerFile& layer, const std::string& what, const SourcePos& p);
  void edit_list_param(const LayerFile& layer, const std::string& name, const toml::node& at, const toml::table& t);
  void claim_whole_param(const LayerFile& layer, const std::string& key, const SourcePos& p);
  std::string rules_for(const std::string& layer) const;
  void name_functions();
  void check_references();
  void read_graph(const LayerFile& layer, const std::string& id, const toml::node& v);
  void check_graphs();
  void check_fight_kinds();

  std::map<std::string, std::pair<std::string, SourcePos>> touched_;  // what -> (layer, where)
  std::map<std::string, std::vector<std::string>> chains_;          // layer id -> ids it builds on
  std::map<std::string, std::vector<SourcePos>> step_pos_;          // flow node -> where each step is named
  SourcePos combat_pos_;                                            // the [combat] table that counts
  std::map<std::string, SourcePos> group_pos_;                      // flow node -> where its each_seat names a group
  std::vector<std::unique_ptr<toml::table>> manifests_;             // kept alive for node positions
  std::map<std::string, size_t> text_at_;                           // text key -> index in out.texts
  std::vector<StepInsert> inserts_;                                 // flow steps layers insert, spliced once all are merged
  std::vector<Removal> removed_;                                    // entity ids layers removed, followed once all are merged
  std::map<std::string, std::string> declared_by_;                  // flow node -> the layer that first declared it
  std::map<std::string, SourcePos> fn_pos_;                         // "flow.x.hook" -> where the function is named
  std::map<std::string, SourcePos> repeat_pos_;                     // flow node -> where its repeat is set
  std::map<std::string, std::pair<int64_t, SourcePos>> setup_seats_; // setup -> its seats as written, and where
  size_t graph_nodes_ = 0;                                          // nodes of all graphs so far (GraphIndex::kMaxNodes)
  std::set<std::string> bad_rules_;  // layers whose `rules` is reported: their nodes' missing script is not news
  SourcePos flow_pos_;                                              // the first flow node of the top layer that has one
  void check_flow_cycles();
  bool good_id(const std::string& id, const toml::key& k, const std::string& key) {
    return good_id(id, pos_of(k.source()), key);
  }
  bool good_id(const std::string& id, const SourcePos& at, const std::string& key);
  std::vector<SourcePos> stage_pos_;                                // where each combat stage is named
  // "params.x" -> (layer, where) of each append/remove since the list was last set whole.
  std::map<std::string, std::vector<std::pair<std::string, SourcePos>>> list_edits_;
};

std::optional<std::string> Table::str(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) {
    if (required(k)) l_.error(pos(), key(k), "missing required key");
    return std::nullopt;
  }
  if (!n->is_string()) {
    l_.wrong_type(*n, key(k), "a string");
    return std::nullopt;
  }
  return n->value<std::string>();
}

std::optional<int64_t> Table::integer(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  if (!n->is_integer()) {
    l_.wrong_type(*n, key(k), "an integer");
    return std::nullopt;
  }
  return n->value<int64_t>();
}

std::optional<bool> Table::boolean(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  if (!n->is_boolean()) {
    l_.wrong_type(*n, key(k), "true or false");
    return std::nullopt;
  }
  return n->value<bool>();
}

std::optional<std::vector<std::string>> Table::strings(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  const toml::array* a = n->as_array();
  if (!a) {
    l_.wrong_type(*n, key(k), "an array of strings");
    return std::nullopt;
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < a->size(); ++i) {
    const toml::node& x = *a->get(i);
    if (!x.is_string()) l_.wrong_type(x, key(k) + "[" + std::to_string(i) + "]", "a string");
    else out.push_back(*x.value<std::string>());
  }
  return out;
}

const toml::table* Table::table(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) {
    if (required(k)) l_.error(pos(), key(k), "missing required table");
    return nullptr;
  }
  if (!n->is_table()) {
    l_.wrong_type(*n, key(k), "a table");
    return nullptr;
  }
  return n->as_table();
}

std::optional<Text> Table::text(std::string_view k) {
  const toml::node* n = node(k);
  if (!n) return std::nullopt;
  Text t;
  if (n->is_string()) {
    t.en = *n->value<std::string>();
    return t;
  }
  if (!n->is_table()) {
    l_.wrong_type(*n, key(k), "a string or a table { en = ..., cs = ... }");
    return std::nullopt;
  }
  Table tt(l_, *n->as_table(), key(k), KeyTable::Text);
  t.en = tt.str("en").value_or("");
  t.cs = tt.str("cs").value_or("");
  tt.finish();
  return t;
}

void Table::finish() {
  const KeyTableSpec& spec = manifest_keys(keys_);
  if (read_ != (uint64_t{1} << spec.keys.size()) - 1)
    for (size_t i = 0; i < spec.keys.size(); ++i)
      if (!(read_ >> i & 1))
        throw std::logic_error("pack loader never reads '" + key(spec.keys[i].name) + "', which manifest_keys.cpp lists");
  for (auto&& [k, v] : t_) {
    std::string name(k.str());
    if (spec.index(name) >= 0) continue;
    std::vector<std::string> known;
    for (const auto& x : spec.keys) known.emplace_back(x.name);
    l_.error(pos_of(k.source()), key(escape_id(name)), "unknown key" + suggestion(name, known));
  }
}

// A TOML value as a kernel value (integers, strings, booleans, arrays, tables).
// Kernel values nest at most kMaxValueDepth levels; dotted keys can nest a
// TOML table far deeper than toml++'s own limit on inline values, and this
// walk is recursive.
std::optional<Value> to_value(Loader& l, const toml::node& n, const std::string& key, int depth = 0) {
  if (depth > kMaxValueDepth) {
    l.error(n, key, "nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
    return std::nullopt;
  }
  if (n.is_integer()) return Value(*n.value<int64_t>());
  if (n.is_string()) return Value(*n.value<std::string>());
  if (n.is_boolean()) return Value(*n.value<bool>());
  if (const toml::array* a = n.as_array()) {
    List items;
    for (size_t i = 0; i < a->size(); ++i) {
      auto v = to_value(l, *a->get(i), key + "[" + std::to_string(i) + "]", depth + 1);
      if (!v) return std::nullopt;
      items.push_back(std::move(*v));
    }
    return Value::list(std::move(items));
  }
  if (const toml::table* t = n.as_table()) {
    Dict d;
    for (auto&& [k, v] : *t) {
      auto x = to_value(l, v, key + "." + std::string(k.str()), depth + 1);
      if (!x) return std::nullopt;
      d.emplace_back(std::string(k.str()), std::move(*x));
    }
    return Value::dict(std::move(d));
  }
  l.error(n, key, std::string("values must be integers, strings, booleans, arrays or tables, found ") + type_name(n));
  return std::nullopt;
}

std::optional<Value::Kind> kind_of_type(std::string_view t) {
  if (t == "int") return Value::Kind::Int;
  if (t == "string") return Value::Kind::Str;
  if (t == "bool") return Value::Kind::Bool;
  if (t == "list") return Value::Kind::List;
  if (t == "table") return Value::Kind::Dict;
  return std::nullopt;
}

// An id as printed in a message: control characters as \xNN (a terminal
// would obey them), and cut after 60 bytes (a hostile id can fill a screen).
std::string escape_id(std::string_view id) {
  std::string out;
  if (id.size() > 64) {
    size_t cut = 60;
    while (cut > 0 && (static_cast<unsigned char>(id[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return escape_id(id.substr(0, cut)) + "...";
  }
  for (char c : id) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F) {
      const char* hex = "0123456789abcdef";
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

// Why `path`, which exists, cannot be read as a file; "" when it can. A
// folder would read as an empty file and a named pipe would block forever.
std::string not_a_file(const fs::path& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return "";
  return fs::is_directory(path, ec) ? "is a folder, not a file" : "is not a regular file";
}

// Parses a TOML file; on failure reports a located error and returns false.
bool parse_toml(Loader& l, const fs::path& path, toml::table& out) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!in) {
    l.error(SourcePos{path.string()}, "", "cannot read the file");
    return false;
  }
  const std::string text = ss.str();
  int line = 0, column = 0;
  if (const std::string why = toml_guard_error(text, line, column); !why.empty()) {
    l.error(SourcePos{path.string(), line, column}, "", why);
    return false;
  }
  try {
    out = toml::parse(text, path.string());
  } catch (const toml::parse_error& e) {
    l.error(pos_of(e.source()), "", std::string(e.description()));
    return false;
  }
  return true;
}

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

void Loader::read_flow_node(const LayerFile& layer, Table& t, FlowNode& n) {
  if (auto s = t.str("script")) {
    const toml::node* at = t.raw().get("script");
    n.script = script_key(layer, *s, *at, t.key("script"));
  }
  if (auto v = t.strings("steps")) {
    n.steps = *v;
    auto& where = step_pos_[n.id];
    where.clear();
    for (const auto& x : *t.raw().get("steps")->as_array())
      if (x.is_string()) where.push_back(pos_of(x.source()));
  }
  // Where each function name is written, for check's messages.
  auto fn = [&](const char* k, std::string& into) {
    if (auto v = t.str(k)) {
      into = *v;
      fn_pos_["flow." + n.id + "." + k] = pos_of(t.raw().get(k)->source());
    }
  };
  fn("hook", n.hook);
  if (auto v = t.boolean("combat")) n.combat = *v;
  if (auto v = t.boolean("fight")) n.fight = *v;
  if (auto v = t.strings("stages")) {
    n.stages = *v;
    const toml::array& a = *t.raw().get("stages")->as_array();
    for (size_t i = 0; i < a.size(); ++i)
      fn_pos_["flow." + n.id + ".stages[" + std::to_string(i) + "]"] = pos_of(a.get(i)->source());
  }
  if (auto v = t.integer("repeat")) {
    if (*v < 0) error(*t.raw().get("repeat"), t.key("repeat"), "repeat must be >= 0 (0 = until `until` says stop)");
    n.repeat = static_cast<int>(std::min<int64_t>(*v, INT32_MAX));
    repeat_pos_[n.id] = pos_of(t.raw().get("repeat")->source());
  }
  if (auto v = t.str("counter")) n.counter = *v;
  fn("until", n.until);
  fn("skip_if", n.skip_if);
  fn("begin", n.begin);
  fn("finish", n.finish);
  if (const toml::node* v = t.node("each_seat")) {
    if (v->is_boolean()) {
      n.each_seat = *v->value<bool>();
      n.seat_group.clear();
    } else if (v->is_string()) {
      n.each_seat = true;
      n.seat_group = *v->value<std::string>();
      group_pos_[n.id] = pos_of(v->source());
    } else {
      wrong_type(*v, t.key("each_seat"), "true, false or the name of a seat group");
    }
  }
  if (const toml::node* v = t.node("args")) {
    if (!v->is_table()) wrong_type(*v, t.key("args"), "a table");
    else if (auto x = to_value(*this, *v, t.key("args"))) n.args = std::move(*x);
  }
  if (auto v = t.integer("rotate_start")) {
    // A pass of more seats than any game has is a mistake, and bounding it
    // keeps the seat arithmetic of the flow far from overflow.
    if (*v < -1000 || *v > 1000) error(*t.raw().get("rotate_start"), t.key("rotate_start"), "must be between -1000 and 1000 (seats to pass the start on by)");
    else n.rotate_start = static_cast<int>(*v);
  }
  if (const toml::table* ins = t.table("insert")) {
    // A step this node adds to another node's steps, spliced once every
    // layer is merged (pack_layers.h).
    Table it(*this, *ins, t.key("insert"), KeyTable::FlowInsert);
    StepInsert si;
    si.node = n.id;
    si.into = it.str("into").value_or("");
    auto after = it.str("after");
    auto before = it.str("before");
    it.finish();
    si.before = before.has_value();
    si.anchor = before.value_or(after.value_or(""));
    si.layer = static_cast<int>(out.layers.size()) - 1;
    si.pos = it.pos();
    if (after.has_value() == before.has_value())
      error(si.pos, t.key("insert"), "give exactly one of after = \"step\" or before = \"step\"");
    else if (!si.into.empty()) {
      std::erase_if(inserts_, [&](const StepInsert& x) { return x.node == n.id; });
      inserts_.push_back(std::move(si));
    }
  }
  t.finish();
  n.layer = layer.info.id;
  int bodies = (!n.steps.empty()) + (!n.hook.empty()) + n.combat + (!n.stages.empty());
  if (bodies != 1) error(t.pos(), t.path(), "a flow node needs exactly one of: steps, hook, stages, combat = true");
}

// [seats.groups] name = { first = 1, count = 1 }: seats counted from 1;
// without count the group runs to the last seat of the game.
void Loader::read_seat_groups(const LayerFile& layer, const toml::table& groups) {
  for (auto&& [k, v] : groups) {
    const std::string name(k.str());
    const std::string key = "seats.groups." + name;
    if (!v.is_table()) {
      wrong_type(v, key, "a table { first = ..., count = ... }");
      continue;
    }
    Table t(*this, *v.as_table(), key, KeyTable::SeatGroup);
    SeatGroup g;
    g.name = name;
    g.pos = pos_of(v.source());
    const toml::node* first = t.node("first");
    if (!first) error(g.pos, key + ".first", "missing required key (the group's first seat, from 1)");
    else if (!first->is_integer()) wrong_type(*first, key + ".first", "an integer");
    else if (*first->value<int64_t>() < 1 || *first->value<int64_t>() > kMaxSeats) error(*first, key + ".first", "must be a seat number from 1");
    else g.first = static_cast<int>(*first->value<int64_t>() - 1);
    if (auto c = t.integer("count")) {
      if (*c < 1 || *c > kMaxSeats) error(*t.raw().get("count"), key + ".count", "must be at least 1 (leave it out: up to the last seat)");
      else g.count = static_cast<int>(*c);
    }
    t.finish();
    auto it = std::lower_bound(out.seats.groups.begin(), out.seats.groups.end(), name,
                               [](const SeatGroup& a, const std::string& b) { return a.name < b; });
    if (it != out.seats.groups.end() && it->name == name) *it = g;
    else out.seats.groups.insert(it, g);
    touch(layer, key, g.pos);
  }
}

// Every group has a seat in every game the pack allows (its first seat is
// within seats.min) and ends within seats.max; the flow names only groups
// that exist.
void Loader::check_seat_groups() {
  std::vector<std::string> names;
  for (const auto& g : out.seats.groups) {
    names.push_back(g.name);
    const std::string key = "seats.groups." + g.name;
    if (g.first + 1 > out.seats.min)
      error(g.pos, key + ".first", "group '" + g.name + "' starts at seat " + std::to_string(g.first + 1) +
                                       ", but a game may have only " + std::to_string(out.seats.min) + " seat(s) (seats.min)");
    if (g.count > 0 && g.first + g.count > out.seats.max)
      error(g.pos, key + ".count", "group '" + g.name + "' ends at seat " + std::to_string(g.first + g.count) +
                                       ", past seats.max = " + std::to_string(out.seats.max));
  }
  for (const auto& [id, n] : out.flow) {
    if (n.seat_group.empty() || out.seats.group(n.seat_group)) continue;
    auto at = group_pos_.find(id);
    error(at != group_pos_.end() ? at->second : n.pos, "flow." + id + ".each_seat",
          "unknown seat group '" + n.seat_group + "'" + suggestion(n.seat_group, names) +
              (names.empty() ? " (groups are declared in [seats.groups])" : ""));
  }
}

// listen_in: a list of zone ids, or "anywhere". The ids are checked once
// every layer's zones are known (check_references).
void Loader::read_listen(Table& t, ListenScope& scope) {
  const toml::node* n = t.node("listen_in");
  if (!n) return;
  if (n->is_string() && *n->value<std::string>() == "anywhere") {
    scope = ListenScope{true, true, {}, {}};
    return;
  }
  const toml::array* a = n->as_array();
  if (!a) {
    if (n->is_string()) error(*n, t.key("listen_in"), "use a list of zone ids or \"anywhere\", not \"" + *n->value<std::string>() + "\"");
    else wrong_type(*n, t.key("listen_in"), "a list of zone ids or \"anywhere\"");
    return;
  }
  scope = ListenScope{true, false, {}, {}};
  for (size_t i = 0; i < a->size(); ++i) {
    const toml::node& x = *a->get(i);
    if (!x.is_string()) {
      wrong_type(x, t.key("listen_in") + "[" + std::to_string(i) + "]", "a zone id");
      continue;
    }
    scope.zones.push_back(*x.value<std::string>());
    scope.pos.push_back(pos_of(x.source()));
  }
}

void Loader::check_listen(const ListenScope& scope, const std::string& key) {
  for (size_t i = 0; i < scope.zones.size(); ++i) {
    if (out.zone(scope.zones[i])) continue;
    std::vector<std::string> names;
    for (const auto& z : out.zones) names.push_back(z.id);
    error(scope.pos[i], key + "[" + std::to_string(i) + "]",
          "zone '" + scope.zones[i] + "' is not declared" + suggestion(scope.zones[i], names));
  }
}

void Loader::read_entity(const LayerFile& layer, Table& t, EntityDef& e) {
  if (auto v = t.str("kind")) e.kind = *v;
  if (auto v = t.text("name")) e.name = *v;
  if (auto v = t.text("text")) e.text = *v;
  if (auto v = t.str("script")) e.script = script_key(layer, *v, *t.raw().get("script"), t.key("script"));
  if (auto v = t.strings("tags")) e.tags = *v;
  read_listen(t, e.listen);
  if (auto v = t.strings("provisional")) {
    for (const auto& p : *v)
      if (std::find(e.provisional.begin(), e.provisional.end(), p) == e.provisional.end()) e.provisional.push_back(p);
  }
  const KindDef* kind = nullptr;
  if (auto it = out.kinds.find(e.kind); it != out.kinds.end()) kind = &it->second;
  else if (!e.kind.empty()) {
    std::vector<std::string> names;
    for (const auto& [k, _] : out.kinds) names.push_back(k);
    const toml::node* at = t.raw().get("kind");
    error(at ? pos_of(at->source()) : t.pos(), t.key("kind"), "unknown kind '" + escape_id(e.kind) + "'" + suggestion(e.kind, names));
  }
  if (const toml::table* props = t.table("props")) {
    for (auto&& [k, v] : *props) {
      std::string name(k.str());
      std::string key = t.key("props." + name);
      if (!kind) continue;
      const PropSpec* spec = kind->prop(name);
      if (!spec) {
        std::vector<std::string> names;
        for (const auto& p : kind->props) names.push_back(p.name);
        error(pos_of(k.source()), key, "kind '" + e.kind + "' has no property '" + name + "'" + suggestion(name, names));
        continue;
      }
      auto value = to_value(*this, v, key);
      if (!value) continue;
      if (value->kind() != spec->type) {
        error(v, key, std::string("expected ") + Value::kind_name(spec->type) + ", found " + type_name(v));
        continue;
      }
      dict_set(e.props, name, std::move(*value));
      touch(layer, "entity." + e.id + ".props." + name, pos_of(v.source()));
    }
  }
  t.finish();
  for (const auto& p : e.provisional)
    if (kind && !kind->prop(p)) error(t.pos(), t.key("provisional"), "'" + p + "' is not a property of kind '" + e.kind + "'");
  if (kind)
    for (const auto& spec : kind->props)
      if (dict_get(e.props, spec.name).is_nil() && !spec.fallback.is_nil()) dict_set(e.props, spec.name, spec.fallback);
  e.layer = layer.info.id;
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

void Loader::merge_manifest(const LayerFile& layer, const std::string& rel, const SourcePos& where) {
  const toml::table* doc = read_file(layer, rel, where, "pack.manifests", "manifest");
  if (!doc) return;
  const toml::table& root = *doc;
  for (auto&& [k, v] : root) {
    std::string id(k.str());
    if (id == "remove") {
      Table holder(*this, root, "", KeyTable::Manifest);
      auto ids = holder.strings("remove");
      for (const auto& r : ids.value_or(std::vector<std::string>{})) {
        if (!out.entities.erase(r)) error(v, "remove", "cannot remove '" + r + "': no such entity");
        else removed_.push_back(Removal{r, layer.info.id, pos_of(v.source())});
        touch(layer, "entity." + r, pos_of(v.source()));
      }
      continue;
    }
    if (!v.is_table()) {
      wrong_type(v, id, "a table (an entity definition)");
      continue;
    }
    if (id == "change" || id == "replace") {
      for (auto&& [ek, ev] : *v.as_table()) {
        std::string eid(ek.str());
        std::string key = id + "." + eid;
        if (!ev.is_table()) {
          wrong_type(ev, key, "a table");
          continue;
        }
        auto it = out.entities.find(eid);
        if (it == out.entities.end()) {
          error(pos_of(ek.source()), key, "no entity '" + eid + "' to " + id + " in the layers below");
          continue;
        }
        Table t(*this, *ev.as_table(), key, KeyTable::Entity, /*all_optional=*/id == "change");
        if (id == "replace") {
          EntityDef e;
          e.id = eid;
          e.pos = pos_of(ek.source());
          read_entity(layer, t, e);
          touch(layer, "entity." + eid, e.pos);
          it->second = std::move(e);
        } else {
          // Each field a change sets is its own claim (props are claimed one by
          // one in read_entity), so two layers may change different fields.
          for (auto&& [fk, fv] : *ev.as_table())
            if (fk.str() != "props") touch(layer, "entity." + eid + "." + std::string(fk.str()), pos_of(fk.source()));
          read_entity(layer, t, it->second);
        }
      }
      continue;
    }
    if (out.entities.count(id)) {
      error(pos_of(k.source()), id,
            "'" + id + "' is already defined by pack '" + out.entities[id].layer +
                "'; use [change." + id + "] or [replace." + id + "] to alter it");
      continue;
    }
    if (!good_id(id, k, id)) continue;
    EntityDef e;
    e.id = id;
    e.pos = pos_of(k.source());
    Table t(*this, *v.as_table(), id, KeyTable::Entity);
    read_entity(layer, t, e);
    touch(layer, "entity." + id, e.pos);
    out.entities[id] = std::move(e);
  }
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
  if (auto fn = pack.str("score")) {
    const toml::node& at = *pack.raw().get("score");
    if (out.layers.back().rules.empty())
      error(at, "pack.score", "names a function of this layer's rules script, but the layer has none (rules = ...)");
    else if (fn->empty())
      error(at, "pack.score", "must name a function, e.g. \"ai.score\"");
    else
      out.score = {out.layers.back().rules, *fn, layer.info.id, pos_of(at.source())};
  }
  if (auto fn = pack.str("determinize")) {
    const toml::node& at = *pack.raw().get("determinize");
    if (out.layers.back().rules.empty())
      error(at, "pack.determinize", "names a function of this layer's rules script, but the layer has none (rules = ...)");
    else if (fn->empty())
      error(at, "pack.determinize", "must name a function, e.g. \"ai.determinize\"");
    else
      out.determinize = {out.layers.back().rules, *fn, layer.info.id, pos_of(at.source())};
  }
  std::vector<std::string> manifests = pack.strings("manifests").value_or(std::vector<std::string>{});
  std::vector<std::string> text_files = pack.strings("texts").value_or(std::vector<std::string>{});

  if (const toml::table* seats = root.table("seats")) {
    Table t(*this, *seats, "seats", KeyTable::Seats);
    bool counts_ok = true;
    for (auto [k, into] : {std::pair<const char*, int*>{"min", &out.seats.min}, {"max", &out.seats.max},
                           {"default", &out.seats.fallback}})
      if (auto v = t.integer(k)) {
        if (*v >= 1 && *v <= kMaxSeats) {
          *into = static_cast<int>(*v);
        } else {
          error(*t.raw().get(k), std::string("seats.") + k, "must be between 1 and " + std::to_string(kMaxSeats));
          counts_ok = false;
        }
      }
    if (const toml::table* c = t.table("counters")) {
      for (auto&& [k, v] : *c) {
        auto x = to_value(*this, v, "seats.counters." + std::string(k.str()));
        if (x) dict_set(out.seats.counters, k.str(), *x);
        touch(layer, "seats.counters." + std::string(k.str()), pos_of(v.source()));
      }
    }
    if (const toml::table* g = t.table("groups")) read_seat_groups(layer, *g);
    t.finish();
    if (counts_ok && (out.seats.max < out.seats.min || out.seats.fallback < out.seats.min ||
                      out.seats.fallback > out.seats.max))
      error(t.pos(), "seats", "need 1 <= min <= default <= max");
  }

  if (const toml::table* kinds = root.table("kinds")) {
    for (auto&& [k, v] : *kinds) {
      std::string id(k.str());
      if (!good_id(id, k, "kinds." + id)) continue;
      if (!v.is_table()) {
        wrong_type(v, "kinds." + id, "a table");
        continue;
      }
      KindDef& kd = out.kinds[id];
      kd.id = id;
      Table t(*this, *v.as_table(), "kinds." + id, KeyTable::Kind);
      if (const toml::table* props = t.table("props")) {
        for (auto&& [pk, pv] : *props) {
          std::string name(pk.str());
          std::string key = "kinds." + id + ".props." + name;
          PropSpec spec;
          spec.name = name;
          std::string type;
          if (pv.is_string()) {
            type = *pv.value<std::string>();
          } else if (pv.is_table()) {
            Table pt(*this, *pv.as_table(), key, KeyTable::PropType);
            type = pt.str("type").value_or("int");
            if (const toml::node* d = pt.node("default")) {
              if (auto x = to_value(*this, *d, key + ".default")) spec.fallback = *x;
            }
            pt.finish();
          } else {
            wrong_type(pv, key, "a type name (\"int\", \"string\", \"bool\", \"list\", \"table\") or { type, default }");
            continue;
          }
          auto kindv = kind_of_type(type);
          if (!kindv) {
            error(pv, key, "unknown type '" + type + "' (use int, string, bool, list or table)");
            continue;
          }
          spec.type = *kindv;
          if (!spec.fallback.is_nil() && spec.fallback.kind() != spec.type)
            error(pv, key + ".default", "default does not match the type");
          auto it = std::find_if(kd.props.begin(), kd.props.end(), [&](const PropSpec& p) { return p.name == name; });
          if (it != kd.props.end()) *it = spec;
          else kd.props.push_back(spec);
          touch(layer, key, pos_of(pv.source()));
        }
      }
      if (auto v = t.strings("show")) {
        kd.show_declared = true;
        kd.show = *v;
        const toml::array* arr = t.raw().get("show")->as_array();
        for (size_t i = 0; i < kd.show.size(); ++i)
          if (!kd.prop(kd.show[i])) {
            std::vector<std::string> names;
            for (const auto& p : kd.props) names.push_back(p.name);
            error(*arr->get(i), "kinds." + id + ".show[" + std::to_string(i) + "]",
                  "kind '" + id + "' has no property '" + kd.show[i] + "'" + suggestion(kd.show[i], names));
          }
        touch(layer, "kinds." + id + ".show", pos_of(t.raw().get("show")->source()));
      }
      if (auto v = t.strings("back")) {
        kd.back = *v;
        const toml::array* arr = t.raw().get("back")->as_array();
        for (size_t i = 0; i < kd.back.size(); ++i)
          if (!kd.prop(kd.back[i])) {
            std::vector<std::string> names;
            for (const auto& p : kd.props) names.push_back(p.name);
            error(*arr->get(i), "kinds." + id + ".back[" + std::to_string(i) + "]",
                  "kind '" + id + "' has no property '" + kd.back[i] + "'" + suggestion(kd.back[i], names));
          }
        touch(layer, "kinds." + id + ".back", pos_of(t.raw().get("back")->source()));
      }
      read_listen(t, kd.listen);
      if (const toml::node* n = t.raw().get("listen_in")) touch(layer, "kinds." + id + ".listen_in", pos_of(n->source()));
      if (auto v = t.strings("requires")) {
        kd.required_functions = *v;
        touch(layer, "kinds." + id + ".requires", pos_of(t.raw().get("requires")->source()));
      }
      // How this kind fights; checked once every layer is in (check_fight_kinds).
      for (auto [key, field] : {std::pair<const char*, std::string*>{"hp", &kd.hp},
                                {"damage", &kd.damage}, {"knocked_out_to", &kd.knocked_out_to}})
        if (auto v = t.str(key)) {
          *field = *v;
          touch(layer, "kinds." + id + "." + key, pos_of(t.raw().get(key)->source()));
        }
      if (auto v = t.boolean("reset_damage")) {
        kd.reset_damage = *v;
        touch(layer, "kinds." + id + ".reset_damage", pos_of(t.raw().get("reset_damage")->source()));
      }
      t.finish();
    }
  }

  if (const toml::table* zones = root.table("zones")) {
    for (auto&& [k, v] : *zones) {
      std::string id(k.str());
      if (!good_id(id, k, "zones." + id)) continue;
      if (!v.is_table()) {
        wrong_type(v, "zones." + id, "a table");
        continue;
      }
      ZoneDef* z = nullptr;
      for (auto& x : out.zones)
        if (x.id == id) z = &x;
      if (!z) {
        out.zones.push_back(ZoneDef{id});
        z = &out.zones.back();
        z->order = static_cast<int>(out.zones.size()) - 1;
      }
      Table t(*this, *v.as_table(), "zones." + id, KeyTable::Zone);
      if (auto b = t.boolean("per_seat")) z->per_seat = *b;
      if (auto b = t.boolean("ordered")) z->ordered = *b;
      if (auto vis = t.str("visibility")) {
        if (*vis == "public") z->visibility = ZoneDef::Visibility::Public;
        else if (*vis == "owner") z->visibility = ZoneDef::Visibility::Owner;
        else if (*vis == "hidden") z->visibility = ZoneDef::Visibility::Hidden;
        else if (*vis == "contents") z->visibility = ZoneDef::Visibility::Contents;
        else error(*t.raw().get("visibility"), "zones." + id + ".visibility", "use public, owner, hidden or contents");
      }
      if (auto view = t.str("view")) {
        if (*view == "grouped") z->grouped = true;
        else if (*view == "items") z->grouped = false;
        else error(*t.raw().get("view"), "zones." + id + ".view", "use items or grouped");
      }
      if (auto pool = t.str("unseen_pool")) {
        if (pool->empty()) error(*t.raw().get("unseen_pool"), "zones." + id + ".unseen_pool", "must name a pool");
        else z->unseen_pool = *pool;
      }
      t.finish();
      touch(layer, "zones." + id, pos_of(k.source()));
    }
  }

  if (const toml::table* flow = root.table("flow")) {
    bool first_node = true;
    for (auto&& [k, v] : *flow) {
      std::string id(k.str());
      if (id == "root") {
        if (!v.is_string()) wrong_type(v, "flow.root", "a string");
        else out.flow_root = *v.value<std::string>();
        touch(layer, "flow.root", pos_of(v.source()));
        continue;
      }
      if (!good_id(id, k, "flow." + id)) continue;
      if (!v.is_table()) {
        wrong_type(v, "flow." + id, "a table (a flow node) or root = \"...\"");
        continue;
      }
      if (first_node) flow_pos_ = pos_of(k.source());
      first_node = false;
      FlowNode& n = out.flow[id];
      bool fresh = n.id.empty();
      n.id = id;
      if (fresh) {
        n.pos = pos_of(k.source());
        declared_by_[id] = layer.info.id;
      } else {
        // A layer that redefines a node states its body anew.
        n.steps.clear();
        n.hook.clear();
        n.combat = false;
        n.stages.clear();
      }
      Table t(*this, *v.as_table(), "flow." + id, KeyTable::FlowNode);
      read_flow_node(layer, t, n);
      touch(layer, "flow." + id, pos_of(k.source()));
    }
  }

  if (const toml::table* combat = root.table("combat")) {
    Table t(*this, *combat, "combat", KeyTable::Combat);
    combat_pos_ = t.pos();
    CombatDef& c = out.combat;
    c.declared = true;
    if (auto s = t.str("script")) c.script = script_key(layer, *s, *t.raw().get("script"), "combat.script");
    if (auto v = t.strings("stages")) {
      c.stages = *v;
      stage_pos_.clear();
      for (const auto& x : *t.raw().get("stages")->as_array()) stage_pos_.push_back(pos_of(x.source()));
    }
    if (auto v = t.str("hp")) c.hp = *v;
    if (auto v = t.str("damage")) c.damage = *v;
    if (auto v = t.str("defenders")) c.defenders = *v;
    if (auto v = t.str("knocked_out_to")) c.knocked_out_to = *v;
    t.finish();
    c.layer = layer.info.id;
    for (auto&& [k, v] : *combat) touch(layer, "combat." + std::string(k.str()), pos_of(v.source()));
  }

  if (const toml::table* params = root.table("params")) {
    for (auto&& [k, v] : *params) {
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

  if (const toml::table* setups = root.table("setups")) {
    for (auto&& [k, v] : *setups) {
      std::string id(k.str());
      if (!v.is_table()) {
        wrong_type(v, "setups." + id, "a table");
        continue;
      }
      Table t(*this, *v.as_table(), "setups." + id, KeyTable::Setup);
      PackSet::Setup s;
      s.name = t.text("name").value_or(Text{id, ""});
      setup_seats_.erase(id);
      if (auto n = t.integer("seats")) {
        setup_seats_[id] = {*n, pos_of(t.raw().get("seats")->source())};
        if (*n >= 0 && *n <= kMaxSeats) s.seats = static_cast<int>(*n);
      }
      if (const toml::node* o = t.node("options")) {
        if (!o->is_table()) wrong_type(*o, "setups." + id + ".options", "a table");
        else if (auto val = to_value(*this, *o, "setups." + id + ".options")) s.options = val->entries();
      }
      t.finish();
      out.setups[id] = std::move(s);
      touch(layer, "setups." + id, pos_of(k.source()));
    }
  }

  if (const toml::table* graphs = root.table("graphs"))
    for (auto&& [k, v] : *graphs) read_graph(layer, std::string(k.str()), v);
  if (const toml::table* screen = root.table("screen")) read_screen(layer, *screen);
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

// A text file is a tree of tables whose leaves are texts: a string (English)
// or { en = ..., cs = ... }. The path of tables names the key:
// [combat] where = "..." is the text "combat.where".
void Loader::merge_texts(const LayerFile& layer, const std::string& rel, const SourcePos& where) {
  if (const toml::table* doc = read_file(layer, rel, where, "pack.texts", "text file")) read_text_table(layer, *doc, "");
}

// Recursive, as deep as the file's tables: the depth is bounded as for values.
void Loader::read_text_table(const LayerFile& layer, const toml::table& t, const std::string& prefix, int depth) {
  for (auto&& [k, v] : t) {
    std::string key = prefix.empty() ? std::string(k.str()) : prefix + "." + std::string(k.str());
    const toml::table* sub = v.as_table();
    if (sub && depth >= kMaxValueDepth) error(v, key, "nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
    else if (sub && !sub->contains("en") && !sub->contains("cs")) read_text_table(layer, *sub, key, depth + 1);
    else read_text_entry(layer, v, key);
  }
}

void Loader::read_text_entry(const LayerFile& layer, const toml::node& n, const std::string& key) {
  auto at = text_at_.find(key);
  const bool fresh = at == text_at_.end();
  TextDef def;
  if (!fresh) def = out.texts[at->second];
  def.key = key;
  def.layer = layer.info.id;
  def.pos = pos_of(n.source());
  auto check = [&](const std::string& lang, const std::string& source, const toml::node& at) {
    std::vector<TextPiece> pieces;
    std::string why;
    if (!parse_template(source, pieces, why)) error(at, key + "." + lang, why);
    touch(layer, "texts." + key + "." + lang, pos_of(at.source()));
  };
  if (n.is_string()) {
    def.text.en = *n.value<std::string>();
    check("en", def.text.en, n);
  } else if (const toml::table* t = n.as_table()) {
    // A layer may give only a translation of a text below; a text still
    // without English after this is an error below.
    Table tt(*this, *t, key, KeyTable::Text, /*all_optional=*/true);
    if (auto en = tt.str("en")) {
      def.text.en = *en;
      check("en", *en, *t->get("en"));
    }
    if (auto cs = tt.str("cs")) {
      def.text.cs = *cs;
      check("cs", *cs, *t->get("cs"));
    }
    tt.finish();
  } else {
    wrong_type(n, key, "a text: a string or { en = \"...\", cs = \"...\" }");
    return;
  }
  if (def.text.en.empty()) {
    error(n, key, "a text needs its English form (en)");
    return;
  }
  if (fresh) {
    text_at_.emplace(key, out.texts.size());
    out.texts.push_back(std::move(def));
  } else {
    out.texts[at->second] = std::move(def);
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

// Every function the manifests name, with where, for the engine to check
// once the scripts are loaded (function_check.cpp).
void Loader::name_functions() {
  for (const auto& [id, n] : out.flow) {
    if (n.script.empty()) continue;
    for (const auto& [key, name] : {std::pair<const char*, const std::string&>{"hook", n.hook}, {"begin", n.begin},
                                    {"finish", n.finish}, {"until", n.until}, {"skip_if", n.skip_if}}) {
      if (name.empty()) continue;
      const std::string path = "flow." + id + "." + key;
      auto at = fn_pos_.find(path);
      out.named_functions.push_back({n.script, name, path, at != fn_pos_.end() ? at->second : n.pos});
    }
    for (size_t i = 0; i < n.stages.size(); ++i) {
      const std::string path = "flow." + id + ".stages[" + std::to_string(i) + "]";
      auto at = fn_pos_.find(path);
      out.named_functions.push_back({n.script, n.stages[i], path, at != fn_pos_.end() ? at->second : n.pos});
    }
  }
  // A kind's script contract: every entry of the kind has a script with
  // each required function (checked once the scripts load).
  for (const auto& [id, e] : out.entities) {
    auto kd = out.kinds.find(e.kind);
    if (kd == out.kinds.end() || kd->second.required_functions.empty()) continue;
    const std::string key = "entity." + id + ".script";
    if (e.script.empty()) {
      std::string list;
      for (const auto& f : kd->second.required_functions) list += (list.empty() ? "" : ", ") + f;
      error(e.pos, key, "kind '" + e.kind + "' requires a script with " + list + " (kinds." + e.kind + ".requires)");
      continue;
    }
    for (const auto& f : kd->second.required_functions) out.named_functions.push_back({e.script, f, key, e.pos});
  }
  if (out.combat.declared && !out.combat.script.empty())
    for (size_t i = 0; i < out.combat.stages.size(); ++i)
      out.named_functions.push_back({out.combat.script, out.combat.stages[i], "combat.stages[" + std::to_string(i) + "]",
                                     i < stage_pos_.size() ? stage_pos_[i] : combat_pos_});
}

void Loader::check_references() {
  check_graphs();
  check_fight_kinds();
  auto node_pos = [](const FlowNode& n) { return n.pos; };
  // Where the value that counts was written (the last layer that set it).
  auto at = [&](const std::string& what, const SourcePos& fallback) {
    auto it = touched_.find(what);
    return it != touched_.end() ? it->second.second : fallback;
  };
  auto zone_names = [&] {
    std::vector<std::string> names;
    for (const auto& z : out.zones) names.push_back(z.id);
    return names;
  };
  const SourcePos top{out.layers.empty() ? std::string() : (fs::path(out.layers.back().dir) / "pack.toml").string()};
  if (out.flow_root.empty() && !out.flow.empty())
    error(flow_pos_.line > 0 ? flow_pos_ : top, "flow.root", "the flow needs a root node: add root = \"...\" to [flow]");
  else if (!out.flow.empty() && !out.flow.count(out.flow_root))
    error(at("flow.root", top), "flow.root", "root node '" + out.flow_root + "' is not defined");
  for (auto& [id, n] : out.flow) {
    if (n.script.empty()) n.script = rules_for(declared_by_[id]);
    if (n.script.empty() && !bad_rules_.count(declared_by_[id]) &&
        (!n.hook.empty() || !n.begin.empty() || !n.finish.empty() || !n.until.empty() || !n.skip_if.empty()))
      error(node_pos(n), "flow." + id, "names hooks but neither the node nor [pack] gives a script (rules = ...)");
    for (size_t i = 0; i < n.steps.size(); ++i) {
      if (out.flow.count(n.steps[i])) continue;
      const auto& where = step_pos_[id];
      std::vector<std::string> names;
      for (const auto& [nid, _] : out.flow) names.push_back(nid);
      error(i < where.size() ? where[i] : node_pos(n), "flow." + id + ".steps[" + std::to_string(i) + "]",
            "step '" + n.steps[i] + "' is not a flow node" + suggestion(n.steps[i], names));
    }
    if (n.combat && !out.combat.declared) error(node_pos(n), "flow." + id, "combat = true needs a [combat] table");
    if (n.repeat == 0 && n.until.empty()) {
      auto rp = repeat_pos_.find(id);
      error(rp != repeat_pos_.end() ? rp->second : node_pos(n), "flow." + id + ".repeat",
            "repeat = 0 repeats until the `until` hook says stop, but the node has no until: it would never end");
    }
  }
  check_flow_cycles();
  check_seat_groups();
  for (const auto& [id, seats] : setup_seats_)
    if (seats.first != 0 && (seats.first < out.seats.min || seats.first > out.seats.max))
      error(seats.second, "setups." + id + ".seats",
            std::to_string(seats.first) + " is outside the pack's " + std::to_string(out.seats.min) + ".." +
                std::to_string(out.seats.max) + " seats (0 or none: the pack's default)");
  for (const auto& [id, k] : out.kinds) check_listen(k.listen, "kinds." + id + ".listen_in");
  for (const auto& [id, e] : out.entities) check_listen(e.listen, id + ".listen_in");
  if (out.combat.declared) {
    if (out.combat.script.empty()) error(combat_pos_, "combat.script", "missing: the module with the stage hooks");
    if (out.combat.stages.empty()) error(combat_pos_, "combat.stages", "missing: the stage hooks in order");
    // Both zones the fight uses belong to a seat.
    auto seat_zone = [&](const std::string& key, const std::string& id) {
      const ZoneDef* z = out.zone(id);
      const SourcePos pos = at(key, combat_pos_);
      if (!z) error(pos, key, "zone '" + id + "' is not declared" + suggestion(id, zone_names()));
      else if (!z->per_seat) error(pos, key, "must be a per-seat zone");
    };
    seat_zone("combat.defenders", out.combat.defenders);
    if (!out.combat.knocked_out_to.empty()) seat_zone("combat.knocked_out_to", out.combat.knocked_out_to);
  }
}

// Ids of packs, entities, zones, flow nodes and kinds are names, never
// paths: not empty, at most kMaxIdLength bytes, no `/`, `\\`, `..`,
// whitespace or control characters.
bool Loader::good_id(const std::string& id, const SourcePos& at, const std::string& key) {
  std::string why;
  if (id.empty()) why = "an id may not be empty";
  else if (id.size() > kMaxIdLength)
    why = "an id may be at most " + std::to_string(kMaxIdLength) + " bytes long, this one has " + std::to_string(id.size());
  else if (id.find_first_of("/\\") != std::string::npos) why = "an id may not contain '/' or '\\'";
  else if (id.find("..") != std::string::npos) why = "an id may not contain '..'";
  else if (std::any_of(id.begin(), id.end(), [](char c) { return c == ' ' || c == 0x7F || static_cast<unsigned char>(c) < 0x20; }))
    why = "an id may not contain whitespace or control characters";
  if (why.empty()) return true;
  error(at, escape_id(key), why + " (found \"" + escape_id(id) + "\")");
  return false;
}

// No flow node contains itself, directly or through the steps of others
// (inserted steps included): running it would never end. Each cycle is
// reported once, at the step that closes it.
void Loader::check_flow_cycles() {
  // Depth first with an explicit stack: a chain of a million nodes must not
  // overflow the C++ stack.
  std::map<std::string, int> state;  // 1: on the current path, 2: done
  struct Frame {
    const std::string* id;
    size_t next = 0;  // the step to look at next
  };
  std::vector<Frame> path;
  for (const auto& [root, _] : out.flow) {
    if (state[root] != 0) continue;
    state[root] = 1;
    path.push_back({&root});
    while (!path.empty()) {
      Frame& f = path.back();
      const FlowNode& n = out.flow.at(*f.id);
      if (f.next == n.steps.size()) {
        state[*f.id] = 2;
        path.pop_back();
        continue;
      }
      const size_t i = f.next++;
      auto to = out.flow.find(n.steps[i]);
      if (to == out.flow.end()) continue;  // reported above
      if (state[to->first] == 1) {
        std::string cycle;
        auto on = std::find_if(path.begin(), path.end(), [&](const Frame& p) { return *p.id == to->first; });
        for (; on != path.end(); ++on) cycle += *on->id + " -> ";
        const auto& where = step_pos_[*f.id];
        error(i < where.size() ? where[i] : n.pos, "flow." + *f.id + ".steps[" + std::to_string(i) + "]",
              "flow node '" + to->first + "' contains itself: " + cycle + to->first);
      } else if (state[to->first] == 0) {
        state[to->first] = 1;
        path.push_back({&to->first});
      }
    }
  }
}

// [graphs.X]: its flags and nodes. A later layer may add nodes, and edges
// and tags to a node declared below it; it removes none, so two layers that
// add to one graph do not conflict. A node is a list of neighbours or
// { adjacent = [...], tags = [...] }.
void Loader::read_graph(const LayerFile& layer, const std::string& id, const toml::node& v) {
  const std::string key = "graphs." + id;
  if (!v.is_table()) {
    wrong_type(v, key, "a table");
    return;
  }
  GraphDef& g = out.graphs[id];
  if (g.id.empty()) {
    g.id = id;
    g.pos = pos_of(v.source());
  }
  Table t(*this, *v.as_table(), key, KeyTable::Graph);
  for (auto [name, flag] : {std::pair<const char*, bool*>{"symmetric", &g.symmetric}, {"zones", &g.zones}})
    if (auto b = t.boolean(name)) {
      *flag = *b;
      touch(layer, key + "." + name, pos_of(t.raw().get(name)->source()));
    }
  const toml::table* nodes = t.table("nodes");
  t.finish();
  if (!nodes) return;
  for (auto&& [nk, nv] : *nodes) {
    const std::string nid(nk.str());
    const std::string nkey = key + ".nodes." + nid;
    // A bound on what the engine keeps per node (distance rows: GraphIndex).
    if (!g.nodes.count(nid) && ++graph_nodes_ > GraphIndex::kMaxNodes) {
      error(pos_of(nk.source()), nkey,
            "a pack's graphs may hold at most " + std::to_string(GraphIndex::kMaxNodes) + " nodes together; this is one more");
      return;
    }
    GraphNodeDef& n = g.nodes[nid];
    if (n.id.empty()) {
      n.id = nid;
      n.pos = pos_of(nk.source());
      n.layer = layer.info.id;
    }
    const toml::node* adjacent = &nv;
    std::string akey = nkey;
    if (const toml::table* nt = nv.as_table()) {
      Table tt(*this, *nt, nkey, KeyTable::GraphNode);
      adjacent = tt.node("adjacent");
      akey = nkey + ".adjacent";
      for (const auto& tag : tt.strings("tags").value_or(std::vector<std::string>{}))
        if (std::find(n.tags.begin(), n.tags.end(), tag) == n.tags.end()) n.tags.push_back(tag);
      tt.finish();
    } else if (!nv.is_array()) {
      wrong_type(nv, nkey, "a list of neighbours or { adjacent = [...], tags = [...] }");
      continue;
    }
    if (!adjacent) continue;
    const toml::array* a = adjacent->as_array();
    if (!a) {
      wrong_type(*adjacent, akey, "an array of node ids");
      continue;
    }
    // Sets, not scans: a node may list thousands of neighbours.
    std::set<std::string> listed, known(n.adjacent.begin(), n.adjacent.end());
    for (size_t i = 0; i < a->size(); ++i) {
      const toml::node& x = *a->get(i);
      if (!x.is_string()) {
        wrong_type(x, akey + "[" + std::to_string(i) + "]", "a string");
        continue;
      }
      const std::string to = *x.value<std::string>();
      if (!listed.insert(to).second) {
        error(x, akey + "[" + std::to_string(i) + "]", "'" + to + "' is listed twice");
        continue;
      }
      if (!known.insert(to).second) continue;  // a lower layer's edge
      n.adjacent.push_back(to);
      n.adjacent_pos.push_back(pos_of(x.source()));
    }
  }
}

// Every graph once all layers are in: node ids unique across graphs,
// neighbours that exist and are not the node itself, every edge declared
// both ways where the graph is symmetric. Then the nodes of graphs with
// `zones = true` become shared public zones, unless a declared zone has the
// same id.
void Loader::check_graphs() {
  // Past the node limit the graphs are cut short: their edges to the nodes
  // left out would only repeat that error.
  if (graph_nodes_ > GraphIndex::kMaxNodes) return;
  std::map<std::string, std::string> graph_of;  // node -> graph
  for (const auto& [gid, g] : out.graphs) {
    const std::string key = "graphs." + gid;
    if (g.nodes.empty()) error(g.pos, key, "a graph needs nodes ([" + key + ".nodes])");
    std::vector<std::string> names;
    for (const auto& [nid, _] : g.nodes) names.push_back(nid);
    // Each node's neighbours, sorted, to find reverse edges in log time.
    std::map<std::string_view, std::vector<std::string_view>> sorted;
    if (g.symmetric)
      for (const auto& [nid, n] : g.nodes) {
        auto& v = sorted[nid];
        v.assign(n.adjacent.begin(), n.adjacent.end());
        std::sort(v.begin(), v.end());
      }
    for (const auto& [nid, n] : g.nodes) {
      const std::string nkey = key + ".nodes." + nid;
      auto [it, fresh] = graph_of.emplace(nid, gid);
      if (!fresh)
        error(n.pos, nkey, "node '" + nid + "' is also a node of graph '" + it->second + "' (node ids are shared by all graphs)");
      for (size_t i = 0; i < n.adjacent.size(); ++i) {
        const std::string& to = n.adjacent[i];
        const SourcePos& at = n.adjacent_pos[i];
        auto other = g.nodes.find(to);
        if (to == nid) {
          error(at, nkey, "node '" + nid + "' lists itself as a neighbour");
        } else if (other == g.nodes.end()) {
          error(at, nkey, "unknown node '" + to + "' in graph '" + gid + "'" + suggestion(to, names));
        } else if (g.symmetric) {
          const auto& back = sorted[to];
          if (!std::binary_search(back.begin(), back.end(), std::string_view(nid)))
            error(at, nkey, "the edge '" + nid + "' -> '" + to + "' has no reverse: node '" + to + "' (" +
                                other->second.pos.to_string() + ") does not list '" + nid +
                                "' (the graph is symmetric; set symmetric = false for one-way edges)");
        }
      }
    }
  }
  for (const auto& [gid, g] : out.graphs) {
    if (!g.zones) continue;
    for (const auto& [nid, n] : g.nodes) {
      if (!out.zone(nid)) {
        out.zones.push_back(ZoneDef{nid});
        out.zones.back().order = static_cast<int>(out.zones.size()) - 1;
        continue;
      }
      auto declared = touched_.find("zones." + nid);
      if (declared != touched_.end())
        error(n.pos, "graphs." + gid + ".nodes." + nid,
              "node '" + nid + "' would be a zone (zones = true), but [zones." + nid + "] is declared (" +
                  declared->second.second.to_string() + ")");
    }
  }
}

// The fighting properties a kind names are int properties of that kind, and
// the zone it sends knocked-out entities to is declared.
void Loader::check_fight_kinds() {
  for (const auto& [id, kd] : out.kinds) {
    auto pos = [&](const std::string& what) {
      auto it = touched_.find(what);
      return it != touched_.end() ? it->second.second : SourcePos{};
    };
    for (auto [key, name] : {std::pair<const char*, const std::string*>{"hp", &kd.hp}, {"damage", &kd.damage}}) {
      if (name->empty()) continue;
      const std::string what = "kinds." + id + "." + key;
      const PropSpec* p = kd.prop(*name);
      if (!p) {
        std::vector<std::string> names;
        for (const auto& x : kd.props) names.push_back(x.name);
        error(pos(what), what, "kind '" + id + "' has no property '" + *name + "'" + suggestion(*name, names));
      } else if (p->type != Value::Kind::Int) {
        error(pos(what), what, "property '" + *name + "' of kind '" + id + "' must be an int");
      }
    }
    if (!kd.knocked_out_to.empty() && !out.zone(kd.knocked_out_to)) {
      std::vector<std::string> names;
      for (const auto& z : out.zones) names.push_back(z.id);
      const std::string what = "kinds." + id + ".knocked_out_to";
      error(pos(what), what, "zone '" + kd.knocked_out_to + "' is not declared" + suggestion(kd.knocked_out_to, names));
    }
  }
}

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
  for (auto it = out.scripts.begin(); it != out.scripts.end();)
    it = named.count(it->first) ? std::next(it) : out.scripts.erase(it);
  for (const auto& d : diags)
    if (d.severity == Diagnostic::Severity::Error) return false;
  return true;
}

}  // namespace

LoadResult load_pack(const std::string& dir, const std::vector<std::string>& extra,
                     const std::vector<std::string>& search, bool check_scripts) {
  Loader l;
  l.check_scripts = check_scripts;
  for (const auto& s : search) l.search.push_back(folder(s));
  LoadResult r;
  if (l.load(dir, extra)) {
    r.packs = std::make_unique<PackSet>(std::move(l.out));
    r.packs->finalize();
  }
  r.diagnostics = std::move(l.diags);
  return r;
}


}  // namespace tabula
