// The configurations of a study (`tabula compare`, `tabula tune`): a pack
// with layers, [params] overrides and seat kinds, each with its own engine,
// played on the same seeds as the others in batches, game by game, so that
// games of different configurations can be paired.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tools/tabula/common.h"
#include "tools/tabula/run_games.h"
#include "tools/tabula/run_report.h"
#include "tools/tabula/run_tally.h"
#include "tools/tabula/seat_kinds.h"

namespace tabula::cli {

struct ConfigSpec {
  std::string name;
  std::vector<std::string> with, sets, seats;
};

// --config "name=rich with=LAYER set=start_gold=7 seats=mcts,greedy"
ConfigSpec parse_config(const std::string& text);
// "wealthy start_gold=7 seats=mcts,greedy": what the spec changes.
std::string default_name(const ConfigSpec& c);

// What the configurations share.
struct StudyArgs {
  std::string pack;
  std::vector<std::string> base_with;  // layers under every configuration
  uint64_t seed = 1;
  std::string setup;
  std::vector<std::string> seats;  // for a configuration without its own
  uint64_t max_choices = 100000;
};

// What one game of one configuration gave each seat, for pairing.
struct GameFigures {
  bool finished = false, won = false, scored = false;
  uint64_t choices = 0;
  std::vector<double> credit;  // per seat: 1/k of a win shared by k, else 0
  std::vector<int64_t> scores;
};

struct Config {
  ConfigSpec spec;
  Opened opened;
  RunHeader header;
  RunPlan plan;
  std::unique_ptr<RunTally> tally;
  std::vector<GameFigures> games;  // by game index
  double seconds = 0;
};

// Loads the configuration's packs and seats. Throws CliError/UsageError.
void open_config(Config& c, const StudyArgs& a);

// Plays games [first, last) of `c` (over `jobs` processes) into its tally
// and its per-game figures.
void play_batch(Config& c, uint64_t first, uint64_t last, int jobs, Progress& progress);

}  // namespace tabula::cli
