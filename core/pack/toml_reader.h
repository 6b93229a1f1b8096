// The pack loader's shared parts, private to core/pack/: Table (one TOML
// table read against the keys the format allows there) and Loader (a pack's
// layers read, checked and merged, with located errors), defined by concern
// in toml_reader.cpp and pack_toml*.cpp.
#pragma once
#include "core/pack/toml.h"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/pack/manifest_keys.h"
#include "core/pack/pack.h"
#include "core/pack/pack_layers.h"

namespace tabula::pack_toml {

namespace fs = std::filesystem;

SourcePos pos_of(const toml::source_region& r);
const char* type_name(const toml::node& n);

class Loader;

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
  std::optional<double> number(std::string_view k);  // an integer or a decimal number
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
  // The tables of pack.toml, in the order merge() reads them.
  void read_seats(const LayerFile& layer, const toml::table& seats);
  void read_kinds(const LayerFile& layer, const toml::table& kinds);
  void read_zones(const LayerFile& layer, const toml::table& zones);
  void read_flow(const LayerFile& layer, const toml::table& flow);
  void read_combat(const LayerFile& layer, const toml::table& combat);
  void read_params(const LayerFile& layer, const toml::table& params);
  void read_setups(const LayerFile& layer, const toml::table& setups);
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
  void read_bots(const LayerFile& layer, const toml::table& bots);
  void read_bot(const LayerFile& layer, const std::string& id, const toml::table& t);
  void check_bots();
  void check_card_texts();
  void check_stale_numbers();
  // A number a layer changed in a definition another layer wrote the text of
  // (check_stale_numbers): the last change of each "entity.prop".
  struct NumberChange {
    std::string entity, prop, layer;
    std::vector<std::string> chain;  // the changing layer's own chain
    int64_t was = 0, now = 0;
    SourcePos pos;
  };
  std::map<std::string, NumberChange> number_changes_;
  std::map<std::string, std::string> text_layer_;  // entity id -> the layer that last wrote its text
  std::map<std::string, SourcePos> text_at_def_;  // "entities.ID.text": where its last text was written
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

// A TOML value as a kernel value (integers, strings, booleans, arrays, tables).
// Kernel values nest at most kMaxValueDepth levels; dotted keys can nest a
// TOML table far deeper than toml++'s own limit on inline values, and this
// walk is recursive.
std::optional<Value> to_value(Loader& l, const toml::node& n, const std::string& key, int depth = 0);

// An id as printed in a message: control characters as \xNN (a terminal
// would obey them), and cut after 60 bytes (a hostile id can fill a screen).
std::string escape_id(std::string_view id);

// Why `path`, which exists, cannot be read as a file; "" when it can. A
// folder would read as an empty file and a named pipe would block forever.
std::string not_a_file(const fs::path& path);

// Parses a TOML file; on failure reports a located error and returns false.
bool parse_toml(Loader& l, const fs::path& path, toml::table& out);

}  // namespace tabula::pack_toml
