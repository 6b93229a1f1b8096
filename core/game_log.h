// The action log: packs, seed, seats, options and every choice with the
// state hash after it. Replaying it must reproduce every hash.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/value.h"

namespace tabula {

class Engine;

struct LoggedChoice {
  int seat = 0;
  std::string option;
  uint64_t hash_after = 0;
  uint64_t draws_after = 0;  // RNG draws so far, so a replay also checks the dice
};

struct GameLog {
  std::vector<std::string> packs;  // pack folders, as given
  uint64_t seed = 0;
  int seats = 1;
  Dict options;
  uint64_t start_hash = 0;
  int64_t start_draws = -1;  // RNG draws at the start; -1: not recorded (older logs)
  std::vector<LoggedChoice> choices;
  // The numbers of choices made when the packs were loaded again from disk
  // with changes during the game (tabula play's :reload). A game played on
  // two sets of rules replays on neither: replay() refuses such a log.
  std::vector<uint64_t> reloads;

  std::string to_json() const;  // throws std::runtime_error when unloggable(packs) says why
  static GameLog from_json(const std::string& text);  // throws std::runtime_error
};

// Why a log of a game of these pack folders (as given) cannot be written
// ("" when it can): a folder whose name is not UTF-8 text.
std::string unloggable(const std::vector<std::string>& packs);

struct ReplayReport {
  bool ok = true;
  size_t steps = 0;
  std::string error;
};

// Why the log cannot be replayed whatever the packs ("" when it can): its
// game went on with changed packs.
std::string unreplayable(const GameLog& log);

// Replays a log on `engine` and compares every hash. A seat count outside
// the pack's [seats] range, or a log with reloads, is reported, not played.
ReplayReport replay(Engine& engine, const GameLog& log);

}  // namespace tabula
