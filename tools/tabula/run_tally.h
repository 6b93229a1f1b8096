// The figures `tabula run` gives after its games: choices per finished game
// (mean and spread), and per seat the wins, shared wins, win share and mean
// score that the games' results state, with the kind of agent in each seat (core/state/outcome.h). Games are added in
// order, so the figures never depend on timing.
#pragma once
#include <cstdint>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "core/state/outcome.h"

namespace tabula::cli {

class RunTally {
 public:
  explicit RunTally(int seats);
  // A finished game: its choices and what its result says.
  void add(uint64_t choices, const Outcome& outcome);
  // Who plays `seat` (a normalized seat kind), what a named bot is
  // underneath ("mcts"; empty for a built-in kind), and whether it plays at
  // random (greedy on a pack without a [pack] score).
  void kind(size_t seat, std::string kind, std::string base, bool at_random);
  // One decision of `seat`'s agent took `seconds` (of every game, finished
  // or not): the only figures that depend on timing.
  void thought(size_t seat, double seconds);

  nlohmann::json to_json() const;  // keys added to `tabula run --json`
  void print() const;              // lines of the text summary
  // Every finished game stated its scores: the raw results add nothing a
  // person reads (each is different); --json and --log-dir keep them.
  bool all_scored() const { return games_ > 0 && with_scores_ == games_; }

 private:
  struct Seat {
    uint64_t wins = 0, shared = 0;
    double credit = 0;  // 1 per sole win, 1/k per win shared by k seats
    int64_t score_sum = 0;
    std::string kind, base;
    bool at_random = false;
    uint64_t decisions = 0;
    double think = 0, think_max = 0;  // seconds
  };
  double sd() const;
  void print_thinking() const;
  std::vector<Seat> seats_;
  uint64_t games_ = 0, min_ = 0, max_ = 0;
  double mean_ = 0, m2_ = 0;  // running mean and sum of squared deviations (Welford)
  uint64_t with_winners_ = 0, no_winner_ = 0, with_scores_ = 0;
};

}  // namespace tabula::cli
