// What `tabula run` counts while it plays: how each game ended, who won,
// scores, lengths, the first errors, the distinct results and how long
// each seat thought. Every figure is an integer count (a win shared by k
// seats is counted under k, scores and lengths as value -> how often), so
// the tallies of separate processes or machines (--jobs, --shard) add up
// exactly, in any order, to the tally one process would make: `tabula merge`
// prints the same bytes as one run of the same seeds (with --no-timing).
// The figures people read are made from it by run_report.h.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>
#include <nlohmann/json.hpp>

#include "core/state/outcome.h"
#include "core/state/value.h"
#include "tools/tabula/lab_stats.h"

namespace tabula::cli {

class RunTally {
 public:
  static constexpr size_t kFirstErrors = 5;

  explicit RunTally(int seats);

  // How game number `index` (from 0) ended after `choices` choices.
  void finished(uint64_t choices, const Outcome& outcome, const Value& result);
  // The rounds a finished game lasted, where the pack says ([pack] rounds).
  void rounds(int64_t n) { ++rounds_[n]; }
  void capped(uint64_t choices);
  void failed(uint64_t index, uint64_t choices, std::string error);
  void lua_calls(uint64_t calls) { lua_calls_ += calls; }
  // The pack's definitions by index (DefId): their ids and the names people
  // read, once before games report what they saw.
  void index_definitions(std::vector<std::pair<std::string, std::string>> ids_and_names);
  // What one game's entities did, by definition index: those that entered
  // any zone (`appeared`), and the (definition, seat) pairs of a definition
  // that entered an owned zone for that seat (`had`), each once, sorted.
  // For a finished game, after finished().
  struct Seen {
    std::vector<int32_t> appeared;
    std::vector<std::pair<int32_t, int>> had;
  };
  void definitions(const Outcome& outcome, const Seen& seen);
  // The zones counted as owned, for the report.
  void owned_zones(std::vector<std::string> zones) { owned_zones_ = std::move(zones); }
  // One decision of `seat`'s agent took `seconds`: the only figures that
  // depend on the clock.
  void thought(size_t seat, double seconds);

  // Adds another tally of the same seats (games of other indices).
  void merge(const RunTally& other);
  // Everything, exactly, as JSON (a shard file, a worker's answer), and back;
  // load throws std::runtime_error naming what is wrong.
  nlohmann::json save() const;
  static RunTally load(const nlohmann::json& j, int seats);

  struct Seat {
    uint64_t wins = 0;                  // sole wins
    std::map<uint64_t, uint64_t> shared;  // winners in the game -> wins shared so
    Counts scores;
    uint64_t decisions = 0;
    double think = 0, think_max = 0;  // seconds
    uint64_t shared_wins() const;
    double credit() const;  // 1 per sole win, 1/k per win shared by k seats
  };
  int seats() const { return static_cast<int>(seats_.size()); }
  const Seat& seat(size_t i) const { return seats_[i]; }
  uint64_t games() const { return finished_ + capped_ + errors_; }
  uint64_t finished() const { return finished_; }
  uint64_t capped() const { return capped_; }
  uint64_t errors() const { return errors_; }
  uint64_t choices() const { return choices_; }
  uint64_t lua_calls() const { return lua_calls_; }
  uint64_t with_winners() const { return with_winners_; }
  uint64_t no_winner() const { return no_winner_; }
  uint64_t with_scores() const { return with_scores_; }
  const Counts& lengths() const { return lengths_; }  // choices of each finished game
  const Counts& rounds() const { return rounds_; }    // rounds of each finished game, where the pack says
  const std::vector<std::pair<uint64_t, std::string>>& first_errors() const { return first_errors_; }
  struct Definition {
    std::string name;
    uint64_t appeared = 0;  // games in which it entered a zone
    uint64_t games = 0;     // finished games in which some seat had it
    uint64_t had = 0;       // seat-games (of games stating winners) in which the seat had it
    uint64_t wins = 0;      // of those, sole wins
    std::map<uint64_t, uint64_t> shared;  // and wins shared by k
    double credit() const;
  };
  // Every definition's figures, by id (those of games played here and
  // those loaded or merged).
  std::map<std::string, Definition> definitions() const;
  const std::vector<std::string>& owned_zones() const { return owned_zones_; }
  // Each distinct result (as JSON) and how often, most frequent first, equal
  // counts in the order of their JSON.
  std::vector<std::pair<std::string, uint64_t>> results() const;

 private:
  std::vector<Seat> seats_;
  uint64_t finished_ = 0, capped_ = 0, errors_ = 0, choices_ = 0, lua_calls_ = 0;
  uint64_t with_winners_ = 0, no_winner_ = 0, with_scores_ = 0;
  Counts lengths_, rounds_;
  std::vector<std::pair<uint64_t, std::string>> first_errors_;  // (game index, text), lowest indices
  // Results as values, by hash then equality: formatting every game's result
  // as JSON would cost more than a short game's rules. Loaded and merged
  // ones are already text.
  std::unordered_map<uint64_t, std::vector<std::pair<Value, uint64_t>>> live_;
  std::map<std::string, uint64_t> texts_;
  std::map<std::string, Definition> defs_;  // loaded and merged
  // Games played here, by definition index: a game's figures are added by
  // index, cheaper than by id in the hot loop of short games.
  std::vector<Definition> live_defs_;
  std::vector<std::pair<std::string, std::string>> def_ids_;
  std::vector<std::string> owned_zones_;
};

}  // namespace tabula::cli
