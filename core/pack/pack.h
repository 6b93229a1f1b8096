// What a chain of pack layers defines once merged: kinds, entity
// definitions, zones, the flow, the combat pipeline, seats and parameters.
// Loading (pack_toml*.cpp) checks every manifest and reports problems with
// file:line:column and the key path; nothing here knows any particular game.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/state/value.h"

namespace tabula {

struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
  std::string to_string() const;
};

struct Diagnostic {
  enum class Severity { Error, Warning, Note };
  Severity severity = Severity::Error;
  SourcePos pos;
  std::string key_path;
  std::string message;
  std::string to_string() const;
};

// Localised game text; logic never reads it.
struct Text {
  std::string en;
  std::string cs;
  const std::string& get(std::string_view lang = "en") const { return (lang == "cs" && !cs.empty()) ? cs : en; }
};

// One entry of the packs' text tables ([pack] texts): a template per
// language (text.h gives the syntax).
struct TextDef {
  std::string key;
  Text text;
  std::string layer;  // the pack that last defined or changed it
  SourcePos pos;
};

struct PropSpec {
  std::string name;
  Value::Kind type = Value::Kind::Int;
  Value fallback;  // value when an entity definition leaves it out
};

// Where the script handlers of an entity listen ([kinds.X] or an entry's
// listen_in, docs/packs.md). An entry's scope, when it gives one, replaces
// its kind's.
struct ListenScope {
  bool set = false;       // declared here
  bool anywhere = true;   // not declared, or listen_in = "anywhere"
  std::vector<std::string> zones;
  std::vector<SourcePos> pos;  // where each zone id is written, for errors
};

struct KindDef {
  std::string id;
  std::vector<PropSpec> props;
  // What a view shows of each entity of this kind, in this order (values
  // that are 0, false or empty are left out). Undeclared: every property
  // the entity changed in play.
  bool show_declared = false;
  std::vector<std::string> show;
  // The properties printed on an entity's back: a seat tells hidden entities
  // of this kind apart by their definitions' values of these, so a
  // determinization exchanges only entities whose backs match.
  std::vector<std::string> back;
  ListenScope listen;
  // The functions every script of an entity of this kind must export (its
  // script contract, e.g. a card kind's "play"); `tabula check` reports a
  // script that lacks one, at the entry.
  std::vector<std::string> required_functions;
  // How entities of this kind fight (empty: the [combat] table's names):
  // the int properties holding hit points and damage taken, and the zone a
  // knocked-out entity goes to.
  std::string hp, damage, knocked_out_to;
  bool reset_damage = true;  // a knock-out sets damage back to 0
  const PropSpec* prop(std::string_view name) const;
};

// A property of `props`, or with dots a field of a table property
// ("effect.weapons", as a card text's slot names it); nil when none.
const Value& prop_path(const Dict& props, std::string_view path);

struct EntityDef {
  std::string id;
  std::string kind;
  Text name;
  Text text;  // as written: {prop} and {prop?one|other} slots name its properties
  std::string script;  // module key ("pack/path.lua"), empty for none
  Dict props;          // typed per kind, defaults filled in
  std::vector<std::string> tags;
  std::vector<std::string> provisional;  // prop names whose values no rulebook gives
  ListenScope listen;
  std::string layer;                     // the pack that last defined or changed it
  SourcePos pos;
  bool has_tag(std::string_view t) const;
  // Resolved by PackSet::finalize():
  int32_t index = -1;          // DefId
  int32_t kind_index = -1;     // into PackSet::kind_names
  std::vector<int32_t> tag_ids;  // sorted, into PackSet::tag_names
  Text card_text;                // `text` with its slots filled from `props`: what readers see
  bool scoped = false;             // its handlers listen only in listen_zones
  std::vector<int32_t> listen_zones;  // sorted zone definition ids
};

struct ZoneDef {
  // Contents: every seat sees how many of each definition, never the order.
  enum class Visibility { Public, Owner, Hidden, Contents };
  std::string id;
  bool per_seat = false;
  bool ordered = true;
  Visibility visibility = Visibility::Public;
  bool grouped = false;  // view = "grouped": views show counts per definition
  // Zones naming the same pool exchange the entities a seat cannot see when
  // its information set is determinized (core/rules/infoset.h); empty: the zone's
  // own id (its copies for every seat form one pool).
  std::string unseen_pool;
  int order = 0;  // declaration order
};

// One node of the declared flow. A node runs `begin`, then its body once per
// unit, then `finish`. Units: `repeat` iterations (0 = until `until` says
// stop), and within each iteration every seat when `each_seat` is set. The
// body is either its `steps` (child nodes, in order), a `hook`, its own
// `stages` (hooks run in order), or the combat pipeline (`combat = true`).
// With `fight = true` (implied by `combat`) each unit is a fight: a side
// that is knocked out ends it and skips the rest of the body.
struct FlowNode {
  std::string id;
  std::string script;  // module whose functions the hooks name
  std::vector<std::string> steps;
  std::string hook;
  bool combat = false;
  bool fight = false;
  std::vector<std::string> stages;
  int repeat = 1;
  std::string counter;  // variable set to the iteration number (1-based)
  std::string until;    // query hook: stop iterating when it returns true
  std::string skip_if;  // query hook: skip this unit when it returns true
  std::string begin;
  std::string finish;
  bool each_seat = false;
  std::string seat_group;  // each_seat = "group": loop over that group's seats only
  int rotate_start = 0;  // pass the starting seat by this many seats after each iteration
  Value args;  // handed to every hook of the node as ctx.args (nil: none)
  std::string layer;
  SourcePos pos;
};

struct CombatDef {
  bool declared = false;
  std::string script;
  std::vector<std::string> stages;  // hook names, run in order
  std::string hp = "hp";            // property holding hit points
  std::string damage = "damage";    // property holding damage taken
  std::string defenders;            // per-seat zone of the current seat that holds the defending side
  std::string knocked_out_to;       // per-seat zone that receives knocked-out defenders
  std::string layer;
};

// A named run of consecutive seats ([seats.groups]), e.g. one seat that
// plays alone and the team of seats after it.
struct SeatGroup {
  std::string name;
  int first = 0;   // 0-based
  int count = -1;  // -1: up to the last seat of the game
  SourcePos pos;
  // The end of the group's seats [first, end) in a game of `seats` seats.
  int end(int seats) const { return count < 0 || first + count > seats ? seats : first + count; }
};

// A declared graph ([graphs.X]): nodes (areas, spaces) and their edges.
// Node ids are unique across all graphs of a pack. Resolved into numbers and
// distances by GraphIndex (graph.h).
struct GraphNodeDef {
  std::string id;
  std::vector<std::string> adjacent;
  std::vector<SourcePos> adjacent_pos;  // where each neighbour is named
  std::vector<std::string> tags;
  std::string layer;  // the pack that declared the node
  SourcePos pos;
};

struct GraphDef {
  std::string id;
  bool symmetric = true;  // every edge is declared both ways (checked)
  bool zones = false;     // every node is also a shared public zone of its id
  std::map<std::string, GraphNodeDef> nodes;
  SourcePos pos;
};

struct SeatsDef {
  int min = 1;
  int max = 1;
  int fallback = 1;
  int game_min = 0;  // fewest seats of a game without a setup (0: min); fewer play only a setup
  Dict counters;  // initial value of every seat counter
  std::vector<SeatGroup> groups;  // sorted by name
  const SeatGroup* group(std::string_view name) const;
};

struct Param {
  Value value;
  bool provisional = false;
  std::string note;
  std::string layer;
  SourcePos pos;
};

// A function of a pack's script named by a manifest ([pack] score, a bot's
// rating or policy): the module, the path of the function in it, and where.
struct FunctionRef {
  std::string module, name, layer;
  SourcePos pos;
  bool empty() const { return name.empty(); }
};

// A named automatic player ([bots.NAME], docs/packs.md): a built-in kind with
// its parameters, or a Lua policy that ranks a decision's options. Chosen by
// name like a built-in kind (`--seats human,cautious`); it decides from its
// seat's information set like every agent (core/search/bots.h).
struct BotDef {
  enum class Kind { Random, Greedy, Mcts, Policy };
  enum class Playout { Random, Greedy };
  std::string id;
  Kind kind = Kind::Random;
  Text name;   // for people (default: the id)
  Text about;  // one line on how it plays
  // The rating a greedy or mcts bot maximises (empty: [pack] score), and a
  // policy bot's ranking function; both in `script` (default: the layer's rules).
  FunctionRef rating, policy;
  // mcts: iterations 0 means the tools' default budget; ms > 0 a time budget.
  int64_t iterations = 0, ms = 0;
  int depth = 0, prior = 0;
  double exploration = 0.7, widen_k = 2.0, widen_alpha = 0.5;
  Playout playout = Playout::Random;
  std::string layer;  // the pack that last defined it
  SourcePos pos;
  const char* kind_name() const;  // "random", "greedy", "mcts" or "policy"
};

struct PackInfo {
  std::string id;
  std::string dir;
  Text name;
  std::string version;
  std::string extends;  // expansion of (adds to) this pack
  std::string patches;  // variant/house rule of this pack
  std::string rules;    // module key of its [pack] rules, or "": the default module of the nodes it declares
};

struct ScriptFile {
  std::string key;   // "pack/rel/path.lua"
  std::string path;  // on disk
  std::string pack;
};

struct PackSet {
  std::vector<PackInfo> layers;  // base first, the pack asked for last
  std::vector<TextDef> texts;    // sorted by key; a TextRef's key indexes it
  std::map<std::string, KindDef> kinds;
  std::map<std::string, EntityDef> entities;
  std::vector<ZoneDef> zones;  // declaration order
  std::map<std::string, FlowNode> flow;
  std::string flow_root;
  CombatDef combat;
  SeatsDef seats;
  std::map<std::string, Param> params;
  std::map<std::string, GraphDef> graphs;
  std::string rules;                           // the top-most layer's rules module (PackInfo::rules has each layer's)
  // [pack] score (docs/packs.md): a function of a layer's rules script that
  // rates a position for a seat, which `ai` agents maximise; the top-most
  // layer that names one wins. `name` empty: the pack has none.
  using Rating = FunctionRef;
  Rating score;
  // [pack] rounds: a function of a layer's rules script that says how many
  // rounds a finished game lasted (tabula run's game length); empty: none.
  Rating rounds;
  // [pack] determinize: a function of a layer's rules script that resamples
  // what the kernel cannot infer a seat does not know (core/rules/infoset.h).
  Rating determinize;
  // [pack] resign: option ids by which a seat gives the game up; the random
  // playouts of a search never take them while another option is open
  // (IsmctsAgent). Every layer adds to it.
  std::vector<std::string> resign;
  // [pack] score_relative: the score already weighs a seat against the
  // others, so a search rewards a seat by its own score's gain over the
  // position it searches from rather than by its lead over the others'
  // scores (IsmctsAgent::graded). The top-most layer that says wins.
  bool score_relative = false;
  // [pack] owned_zones: the zones in which a definition counts as a seat's
  // for per-definition statistics (tabula run): an entity entering one for a
  // seat. Empty: every per-seat zone. Layers add to the list.
  std::vector<std::string> owned_zones;
  std::vector<SourcePos> owned_zones_pos;  // where each was named
  // [bots.NAME]: named automatic players; a layer adds bots or replaces one whole.
  std::map<std::string, BotDef> bots;
  std::map<std::string, ScriptFile> scripts;   // every module the packs name
  // [screen] (docs/packs.md): the top-most layer's screen script, drawn for
  // people only and never loaded with the game's modules (key empty: none);
  // and the names of variables and secrets that hold scripts' bookkeeping,
  // which the generic screen leaves out: whole names, or prefixes ending in
  // '*' ("fight@*"), gathered from every layer.
  ScriptFile screen;
  std::vector<std::string> internal;
  bool internal_name(std::string_view name) const;
  struct ScriptDir {
    std::string prefix;  // module key prefix: the pack id, or "scripts"
    std::string dir;
  };
  std::vector<ScriptDir> script_dirs;          // where require() looks: the packs (top layer first), then scripts/
  struct Setup {
    Text name;
    int seats = 0;  // 0: the pack's default
    Dict options;   // handed to the state (tabula.option)
  };
  std::map<std::string, Setup> setups;         // named ways to start (e.g. practice boards)
  // Every function the manifests name (flow hooks, combat stages), with
  // where: the engine checks that each exists once the scripts are loaded.
  struct NamedFunction {
    std::string module;
    std::string name;
    std::string key_path;
    SourcePos pos;
  };
  std::vector<NamedFunction> named_functions;

  const ZoneDef* zone(std::string_view id) const;
  const EntityDef* entity(std::string_view id) const;
  const KindDef* kind(std::string_view id) const;
  const Value& param(std::string_view name) const;
  const std::string& id() const { return layers.back().id; }

  // --- ids -------------------------------------------------------------------
  // Numbers for what states and scripts name, given once the layers are
  // merged (finalize), each in sorted order of the names so that the same
  // packs give the same numbers in every run.
  std::vector<const EntityDef*> defs;      // DefId -> definition
  std::vector<std::string> prop_names;     // PropId -> name (every property of every kind)
  std::vector<std::string> kind_names;     // kind ids
  std::vector<std::string> tag_names;      // every tag any definition carries
  // The definition's value of each property (nil where it has none):
  // def_props[def * prop_names.size() + prop].
  std::vector<Value> def_props;
  // prop_types[kind * prop_names.size() + prop]: the declared type, or -1
  // when the kind does not declare the property.
  std::vector<int8_t> prop_types;
  // Zone layout of a state with n seats: shared zones and one zone per seat
  // of each per-seat zone, in declaration order.
  std::vector<int32_t> zone_shared_before, zone_per_seat_before;

  void finalize();
  int32_t def_id(std::string_view id) const;   // -1 when unknown
  int32_t prop_id(std::string_view name) const;
  int32_t zone_id(std::string_view id) const;
  int32_t tag_id(std::string_view name) const;
  int32_t text_id(std::string_view key) const;
  const Value& def_prop(int32_t def, int32_t prop) const { return def_props[def * prop_names.size() + prop]; }
  int zone_index(int32_t zone_def, int seat, int seats) const;  // index into State::zones
  size_t zone_count(int seats) const;
};

struct LoadResult {
  std::unique_ptr<PackSet> packs;  // null when there were errors
  std::vector<Diagnostic> diagnostics;
  bool ok() const { return packs != nullptr; }
  std::string report() const;
};

// Loads the pack in `dir` with every layer it extends or patches. A layer
// named by id is looked up as a sibling folder of the pack that names it,
// then in each folder of `search` in order (a mod in a folder of its own
// finds the shipped game there). Further packs (variants, house rules) are
// layered on top in the order given; two layers that change the same thing
// without one building on the other conflict. With `check_scripts`, the
// scripts are also read as text for literal ids that name nothing
// (core/pack/script_ids.h): `tabula check` asks for it, a game does not.
LoadResult load_pack(const std::string& dir, const std::vector<std::string>& extra = {},
                     const std::vector<std::string>& search = {}, bool check_scripts = false);

}  // namespace tabula
