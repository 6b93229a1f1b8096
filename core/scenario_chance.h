// Forced chance in scenario files (docs/scenarios.md, `random` and `shuffle`
// steps): the next draws of the scripts and the next order of a zone, fixed
// by the test so that no pack needs a setup that exists only for tests.
#pragma once
#include <deque>
#include <string>
#include <vector>

#include "core/engine.h"

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
  // What was forced and never used: "" when everything was.
  std::string unused() const;

  bool random(uint64_t n, uint64_t& out) override;
  bool shuffle(const State& s, int zone, std::vector<EntityId>& items) override;

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
  const scenario_detail::Runner& run_;
  std::deque<Draw> draws_;
  std::vector<Order> orders_;  // at most one per zone, in the order given
};

}  // namespace tabula
