#include "core/search/policy_agent.h"

#include <algorithm>

#include "core/rules/engine.h"
#include "core/search/playout.h"

namespace tabula {

void PolicyAgent::rank(const SeatDecision& sd) {
  Engine& engine = sd.engine();
  const int32_t fn = resolve(engine, policy_);
  State world = sd.determinize(rng_.next());
  engine.rank(world, sd.decision(), fn, ranks_);
}

size_t PolicyAgent::decide(const SeatDecision& sd) {
  const size_t n = sd.decision().options.size();
  if (n == 1) return 0;
  rank(sd);
  const int64_t top = *std::max_element(ranks_.begin(), ranks_.end());
  order_.clear();
  for (size_t i = 0; i < n; ++i)
    if (ranks_[i] == top) order_.push_back(i);
  return order_[static_cast<size_t>(rng_.below(order_.size()))];
}

void PolicyAgent::decide_subset(const SeatDecision& sd, std::vector<size_t>& out) {
  const Decision& d = sd.decision();
  const size_t n = d.options.size();
  rank(sd);
  salt_.resize(n);
  for (auto& s : salt_) s = rng_.next();
  order_.resize(n);
  for (size_t i = 0; i < n; ++i) order_[i] = i;
  std::sort(order_.begin(), order_.end(), [&](size_t a, size_t b) {
    return ranks_[a] != ranks_[b] ? ranks_[a] > ranks_[b] : salt_[a] != salt_[b] ? salt_[a] < salt_[b] : a < b;
  });
  const size_t least = static_cast<size_t>(std::max(d.pick_min, 0));
  const size_t most = std::min(static_cast<size_t>(std::max(d.most(), 0)), n);
  out.clear();
  for (size_t i : order_) {
    if (out.size() >= most || (out.size() >= least && ranks_[i] <= 0)) break;
    out.push_back(i);
  }
  std::sort(out.begin(), out.end());
}

}  // namespace tabula
