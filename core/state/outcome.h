// How a game ends, as programs read it: the convention for the result a
// script gives tabula.game_over. `winners` lists the seats (from 1) that won,
// several for a shared win, none for a game nobody won; `scores` gives one
// integer per seat. Both are optional and other keys are the pack's own.
// Tools tally them (tabula run) and tests check them (conformance).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/state/value.h"

namespace tabula {

struct Outcome {
  bool has_winners = false;
  std::vector<int> winners;  // seats from 0, as given
  bool has_scores = false;
  std::vector<int64_t> scores;  // one per seat
};

// Reads `result` of a game of `seats` seats into `out`. Returns "" when the
// result follows the convention (a result that is not a table with these
// keys follows it trivially), else what is wrong, e.g. "winners[2] is seat 5
// but the game has 3 seats".
std::string read_outcome(const Value& result, int seats, Outcome& out);

}  // namespace tabula
