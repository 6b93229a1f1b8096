// Shared pieces of the `tabula` commands: their arguments, finding packs and
// the content folder, loading an engine. main.cpp parses the command line
// (CLI11) and calls one cmd_* function; nothing here includes CLI11.
#pragma once
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rules/engine.h"

namespace tabula::cli {

// A failure the user can fix: printed as one line "tabula: error: ...", exit 1.
struct CliError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// A command line that asks for what does not exist (a bad --seats kind):
// printed the same way, exit 2 like CLI11's own usage errors.
struct UsageError : CliError {
  using CliError::CliError;
};

struct CheckArgs {
  std::string pack;
  std::vector<std::string> with;
  bool json = false;
  bool all = false;  // also the findings of the layers below the checked ones
};

struct PlayArgs {
  std::string pack;
  std::vector<std::string> with;
  std::vector<std::string> seats;  // a seat kind per seat (tools/tabula/seat_kinds.h)
  int players = 0;  // the number of seats; 0: as many as `seats` names, else the default
  bool has_seed = false;
  uint64_t seed = 0;
  std::string setup;
  int practice = 0;  // shorthand for setup "practice-N"
  std::string log;
  std::string lang;     // en or cs; empty: a resumed game's, else en
  std::string resume;   // a saved game (:save, or a --log log) to go on with
  bool ask_all = false;  // ask questions that have one answer too
};

struct RunArgs {
  std::string pack;
  std::vector<std::string> with;
  std::vector<std::string> sets;   // --set NAME=VALUE: param overrides (apply_sets)
  uint64_t games = 1;
  uint64_t seed = 1;
  std::string setup;
  std::vector<std::string> seats;  // a seat kind per seat (tools/tabula/seat_kinds.h), or one number: the count
  int players = 0;  // the number of seats, every one random unless --seats or --agents names kinds
  uint64_t max_choices = 100000;
  std::vector<std::string> agents;  // old spelling of the kinds: one for every seat, or one per seat (ai: greedy)
  bool json = false;
  std::string log_dir;
  int jobs = 1;         // processes; 0: one per core
  std::string shard;    // "I/N": play only shard I of N
  std::string out;      // write the partial result (a shard file) here
  bool no_timing = false;  // leave out the figures that depend on the clock
  std::string report, csv;  // --report FILE.html, --csv FILE
};

struct CompareArgs {
  std::string pack;
  std::vector<std::string> base_with;  // layers under every configuration
  std::vector<std::string> with;       // one configuration per layer
  std::vector<std::string> sets;       // one configuration per override
  std::vector<std::string> configs;    // --config SPEC: one configuration each
  bool no_base = false;                // leave out the plain pack
  uint64_t games = 100;                // per configuration (the budget with --until-decided)
  uint64_t seed = 1;
  std::string setup;
  std::vector<std::string> seats;
  uint64_t max_choices = 100000;
  int jobs = 1;
  bool json = false;
  bool no_timing = false;
  bool until_decided = false;
  double precision = 0.02;  // --until-decided: the widest half-interval that counts as decided
  uint64_t batch = 100;     // --until-decided: games per configuration between looks
  double alpha = 0.05;
  std::string report, csv;
};

struct TuneArgs {
  std::string pack;
  std::vector<std::string> with;    // layers under every candidate
  std::vector<std::string> params;  // --param NAME=V1,V2,...
  std::string target;               // win:1=0.5, max:win:1, win:1-win:2=0.2, min:length
  uint64_t games = 200;             // the most games a candidate plays
  size_t candidates = 64;           // combinations sampled when there are more
  uint64_t seed = 1;
  std::string setup;
  std::vector<std::string> seats;
  uint64_t max_choices = 100000;
  int jobs = 1;
  bool json = false;
};

struct MergeArgs {
  std::vector<std::string> files;
  bool json = false;
  bool no_timing = false;
  std::string report, csv;
};

struct ConformanceArgs {
  std::string pack;
  std::vector<std::string> with;
  std::string setup;  // "": every start the pack offers
  int seats = 0;      // with or without --setup: that one start with N seats
  uint64_t games = 12;
  uint64_t seed = 1;
  uint64_t watch = 4;  // games whose every step has its views and texts checked (as the test suite)
  std::string log;     // the failing game's log
  bool all_choices = false;
};

struct ReplayArgs {
  std::string log;
  bool json = false;
  bool watch = false;  // step through the game's screens
  int seat = 0;        // whose screens --watch shows (from 1); 0: an onlooker's
  std::string lang = "en";
};

struct ScenarioArgs {
  std::vector<std::string> files;
  bool json = false;
  bool verbose = false;
};

// tabula new pack|layer|card (cmd_new*.cpp): a working skeleton.
struct NewArgs {
  std::string what;     // "pack", "layer" or "card"
  std::string dir;      // the folder to make (pack, layer), or the pack to add to (card)
  std::string id;       // --id of a pack or layer (default: the folder's name); a card's id
  int seats = 2;        // pack: the default number of seats
  std::string patches;  // layer: the pack it alters
  std::string extends;  // layer: the pack it adds to
  std::string kind;     // card: a kind the pack declares
  std::string like;     // card: a definition of that kind to copy
  std::string manifest; // card: the manifest to add to (default: <kind>s.toml)
};

struct SchemaArgs {
  std::string pack;
  std::vector<std::string> with;
  std::string role = "manifest";  // pack, manifest or texts: the schema -o or stdout gets
  std::string out;                // -o FILE
  std::string out_dir;            // --out-dir DIR: all three schemas
};

struct AnnotationsArgs {
  std::string pack;  // "": the annotations only, no .luarc.json
  std::string out_dir = "tabula-annotations";
};

struct LuacheckrcArgs {
  std::string out;  // "": standard output
};

// tabula serve (tools/tabula/serve/, docs/web.md).
struct ServeArgs {
  std::string pack;  // offered first in the lobby; with --seats, the game made at once
  std::vector<std::string> with;
  std::vector<std::string> seats;  // make a game at once and print its links
  std::string setup;
  std::string lang = "en";
  int port = 8080;  // 0: any free port
  std::string bind = "127.0.0.1";
  std::string data;  // where games are saved; "": $XDG_DATA_HOME/tabula/games
  std::string web;   // serve the client from this folder instead of the built-in copy
  int threads = 256;  // connections served at once (each open page holds one, as does a waiting ?wait=)
  int bot_threads = 0;  // bots' workers; 0: one per core
};

int cmd_check(const CheckArgs& a);
int cmd_serve(const ServeArgs& a);
int cmd_play(const PlayArgs& a);
int cmd_run(const RunArgs& a);
int cmd_merge(const MergeArgs& a);
int cmd_compare(const CompareArgs& a);
int cmd_tune(const TuneArgs& a);
int cmd_replay(const ReplayArgs& a);
int cmd_conformance(const ConformanceArgs& a);
int cmd_scenario(const ScenarioArgs& a);
int cmd_new(const NewArgs& a);
int cmd_schema(const SchemaArgs& a);
int cmd_annotations(const AnnotationsArgs& a);
int cmd_luacheckrc(const LuacheckrcArgs& a);

// The repository's content/ folder: $TABULA_CONTENT, else a `content` folder
// in the current directory or one above it, else the one this program was
// built from.
std::string content_dir();

// The folders where packs are found by id, in order: each `--packs DIR`,
// then each folder of $TABULA_PATH (separated by ':'), then content_dir().
// A mod in a folder of its own finds the shipped game it builds on there.
std::vector<std::string>& extra_pack_dirs();  // the --packs folders, set by main
std::vector<std::string> pack_search_path();

struct PackRef {
  std::string dir;       // where it is on disk
  std::string log_name;  // how a game log names it (found again by resolve_pack)
};
// A pack argument: a folder as given, else <folder>/<name> for the first
// folder of pack_search_path() that holds it. Throws CliError.
PackRef resolve_pack(const std::string& arg);

// Finds a pack and its --with layers on the search path and loads them.
// `log_names`, when given, receives how a game log names each, base first.
LoadResult load_named(const std::string& pack, const std::vector<std::string>& with, bool check_scripts = false,
                      std::vector<std::string>* log_names = nullptr);

// The packs of a load that must succeed: errors throw CliError with the
// diagnostics; warnings go to stderr unless `quiet`.
std::unique_ptr<PackSet> loaded_or_throw(const std::string& pack, LoadResult lr, bool quiet = false);

struct Opened {
  std::unique_ptr<Engine> engine;
  std::vector<std::string> log_packs;  // base pack first, then the --with layers
  std::vector<std::string> sets;       // --set overrides, normalized (apply_sets)
};
// Loads the packs and builds the engine. Warnings go to stderr; errors throw
// CliError with the diagnostics.
Opened open_engine(const std::string& pack, const std::vector<std::string>& with,
                   const std::vector<std::string>& sets = {});

// --set NAME=VALUE (or NAME.KEY=VALUE for one key of a table): overrides a
// [params] value of the loaded packs, as a top layer would. VALUE is JSON
// (7, [2, 2], true, "text") or a bare word taken as a string; it must be of
// the kind the param already holds. Returns each override normalized as
// NAME=JSON; throws UsageError naming what is wrong.
std::vector<std::string> apply_sets(PackSet& packs, const std::vector<std::string>& sets);

struct GameSetup {
  int seats = 0;
  Dict options;
};
// Seats and options for a new game: `setup` names an entry of [setups]
// ("" for none), `seats` overrides the seat count (0: the setup's or the
// pack's default). Throws CliError for an unknown setup or a bad count.
GameSetup game_setup(const PackSet& packs, const std::string& setup, int seats);

// The seat count of --seats N and --players N (0 when neither is given).
// Either may be given; both only when they agree. Throws CliError.
int seat_count(int seats, int players);

// A path for messages: relative to the current directory when that is shorter.
std::string shown_path(const std::string& path);

std::string hex(uint64_t v);

}  // namespace tabula::cli
