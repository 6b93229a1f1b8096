// Plays the games of `tabula run`: one game into a RunTally (and its log and
// games.jsonl row with --log-dir), and a range of games in this process or
// spread over worker processes (--jobs). A game's course depends only on
// its seed, never on which process played it or when, and tallies add up
// exactly (run_tally.h), so every --jobs gives the same figures.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "core/rules/engine.h"
#include "tools/tabula/common.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

struct RunPlan {
  Engine* engine = nullptr;
  std::vector<SeatKind> kinds;  // one per seat
  GameSetup setup;
  uint64_t seed = 1;            // game index i plays seed + i
  uint64_t max_choices = 0;
  std::string log_dir;          // "": no logs, no rows
  std::vector<std::string> log_packs;
  // Filled by play_games: which zone definitions count as owned ([pack]
  // owned_zones, else every per-seat zone), by index, and their names.
  std::vector<bool> owned;
  std::vector<std::string> owned_names;
  std::vector<std::pair<std::string, std::string>> defs;  // by DefId: id and name
};

// How one game ended, for those who look at games one by one (progress,
// games.jsonl, the paired comparisons of `tabula compare`).
struct GameEnd {
  enum class How { Finished, Capped, Failed };
  uint64_t index = 0;
  How how = How::Finished;
  uint64_t choices = 0;
  Outcome outcome;     // of a finished game
  nlohmann::json row;  // its games.jsonl row; null when the plan writes no logs
  nlohmann::json to_json() const;
  static GameEnd from_json(const nlohmann::json& j);  // throws nlohmann::json::exception
};

// Plays game `index` into `tally` (after play_games has filled the plan's
// owned zones). Throws CliError when a log cannot be written.
GameEnd play_game(const RunPlan& plan, uint64_t index, RunTally& tally);

// Called after each game, in this process, in the order the games end
// (with workers, not the order of the games).
using GameDone = std::function<void(const GameEnd&)>;

// Plays the games [first, last) over `jobs` processes (1: this one; more:
// forked workers, each playing every jobs-th game) into `tally`. Throws
// CliError when a worker dies without its tally.
void play_games(RunPlan& plan, uint64_t first, uint64_t last, int jobs, RunTally& tally, const GameDone& done);

// --jobs N: N, or for 0 one per core.
int jobs_wanted(int jobs);

// The progress line on stderr: games done, rate, time left, errors. On a
// terminal it is redrawn every second; elsewhere a line every ten seconds.
class Progress {
 public:
  explicit Progress(uint64_t total);
  void game(bool failed);
  void finish();  // ends the redrawn line

 private:
  uint64_t total_, done_ = 0, errors_ = 0;
  bool tty_, shown_ = false;
  double start_, last_;
};

}  // namespace tabula::cli
