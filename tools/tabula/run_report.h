// What `tabula run` and `tabula merge` print: the run's settings (the
// header, which a shard file carries so that merge can check its shards
// belong together) and the figures made from a RunTally, each share and mean
// with its 95 % interval.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "tools/tabula/common.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

// The "format" of the partial results `run --shard I/N --out FILE` writes.
constexpr const char* kShardFormat = "tabula-run-shard";

struct SeatLabel {
  std::string kind;  // a normalized seat kind
  std::string base;  // what a named bot is underneath ("mcts"); empty for a built-in kind
  bool at_random = false;  // greedy on a pack without a [pack] score
};

struct RunHeader {
  std::string pack;                // the top pack's id
  std::vector<std::string> packs;  // as given: the base, then the --with layers
  std::vector<std::string> sets;   // --set overrides, normalized
  uint64_t games = 0, seed = 1, max_choices = 0;
  int seats = 0;
  std::string setup;
  std::vector<SeatLabel> labels;  // one per seat
  std::string fingerprint;        // the hash of game 1's start: the same rules and setup
  nlohmann::json to_json() const;
  static RunHeader from_json(const nlohmann::json& j);  // throws std::runtime_error
  // The --set overrides as a JSON object {name: value}.
  nlohmann::json sets_json() const;
  // What differs from `o` ("" when nothing does), for merge's error.
  std::string differs(const RunHeader& o) const;
};

// The header of a run of `kinds` in the seats of `g` on the packs `o` opened
// (games and fingerprint left to the caller).
RunHeader run_header(const Opened& o, const std::vector<SeatKind>& kinds, const GameSetup& g, uint64_t seed,
                     uint64_t max_choices, const std::string& setup);

// `seconds` < 0: leave out every figure that depends on the clock
// (--no-timing), so that the same seeds print the same bytes.
nlohmann::json report_json(const RunHeader& h, const RunTally& t, double seconds);

// --report FILE.html and --csv FILE: the report (of run, merge or compare)
// as one self-contained page (lab_html.h) and as tables for spreadsheets
// (lab_csv.h); an empty path writes nothing. Throws CliError when a file
// cannot be written.
void write_reports(const nlohmann::json& report, const std::string& html, const std::string& csv);
// Before a long run: throws CliError now if either file could not be written
// (it is made, empty, when missing).
void probe_reports(const std::string& html, const std::string& csv);
void report_print(const RunHeader& h, const RunTally& t, double seconds);

}  // namespace tabula::cli
