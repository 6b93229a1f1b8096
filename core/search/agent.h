// The interface of an automatic player: it picks an option of a decision
// for the decision's seat.
#pragma once
#include <cstddef>
#include <vector>

#include "core/state/state.h"

namespace tabula {

// Picks an option of a decision for its seat. An agent should read only its
// seat's information set (core/rules/infoset.h); InfoSetAgent (core/search/seat_decision.h)
// makes sure of it. `state` is passed so that agents need not parse JSON.
class Agent {
 public:
  virtual ~Agent() = default;
  // Index into d.options (d.options is not empty).
  virtual size_t choose(const State& s, const Decision& d) = 0;
  // For a subset decision (d.subset()): the chosen options' indices, in any
  // order, between d.pick_min and d.most() of them. core/rules/subset.h counts,
  // ranks and visits the legal sets.
  virtual void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) = 0;
};

}  // namespace tabula
