// Forced chance in scenario files (docs/scenarios.md, `chance`, `random` and
// `shuffle` steps): the next outcomes of named chance events, the next draws
// of the scripts and the next order of a zone, fixed by the test so that no
// pack needs a setup that exists only for tests.
#pragma once
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "core/rules/engine.h"

namespace tabula {

namespace scenario_detail {
struct Runner;
}

class ScenarioChance : public ForcedChance {
 public:
  explicit ScenarioChance(const scenario_detail::Runner& run) : run_(run) {}
  // Values as tabula.random(n) returns them (from 1), used in order; `where`
  // is the step's place in the file, for errors.
  void add_random(const std::vector<int64_t>& values, const std::string& where);
  // The next shuffle of `zone` puts the entities named in `order` (aliases or
  // definition ids) in front, in that order; the others follow in the order
  // they had. Names are matched when the shuffle happens.
  void add_shuffle(int zone, std::vector<std::string> order, const std::string& where);
  // The next chance events named `event` (tabula.chance) take these
  // outcomes, in order: an integer or a string outcome as the script lists
  // it, or a string naming an entity (alias or definition id) whose id is
  // an outcome.
  void add_chance(const std::string& event, const std::vector<Value>& outcomes, const std::string& where);
  // What was forced and never used: "" when everything was.
  std::string unused() const;

  bool random(uint64_t n, uint64_t& out) override;
  bool shuffle(const State& s, int zone, std::vector<EntityId>& items) override;
  bool chance(const State& s, const ChanceEvent& e, size_t& out) override;

 private:
  struct Draw {
    int64_t value;
    std::string where;
  };
  struct Order {
    int zone;
    std::vector<std::string> names;
    std::string where;
  };
  struct Outcome {
    Value value;
    std::string where;
  };
  bool matches(const State& s, const Value& forced, const Value& outcome) const;
  std::string outcome_label(const State& s, const Value& outcome, bool entities) const;
  const scenario_detail::Runner& run_;
  std::deque<Draw> draws_;
  std::map<std::string, std::deque<Outcome>> outcomes_;  // by event name
  std::vector<Order> orders_;  // at most one per zone, in the order given
};

}  // namespace tabula
