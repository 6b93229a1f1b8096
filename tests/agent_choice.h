// An agent's answer to a seat's open decision, as tests compare answers: an
// option id, or a set as subset_id writes it ("" when the seat has no
// decision open).
#pragma once
#include <string>
#include <vector>

#include "core/rules/subset.h"
#include "core/search/agent.h"

namespace tabula::testing_support {

inline std::string choice(Agent& a, const State& s, int seat) {
  const Decision* d = s.pending_for(seat);
  if (!d) return "";
  if (!d->subset()) return d->options[a.choose(s, *d)].id;
  std::vector<size_t> set;
  a.choose_subset(s, *d, set);
  return subset_id(*d, set);
}

}  // namespace tabula::testing_support
