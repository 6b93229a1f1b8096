// A pack's own bot written in Lua ([bots.NAME] kind = "policy", docs/packs.md):
// a function that ranks the options of the open decision from its seat's
// information set.
#pragma once
#include <cstdint>
#include <vector>

#include "core/pack/pack.h"
#include "core/search/seat_decision.h"
#include "core/state/rng.h"

namespace tabula {

// Asks the policy on a determinization of its seat's information set
// (SeatDecision::determinize: what the seat cannot see is drawn anew from
// the agent's own RNG), as a read-only query (Engine::rank), so the script
// can read only what its seat may know and whatever it writes lands in that
// throwaway copy. Plays the best-ranked option, ties broken by its RNG. A
// subset decision takes the pick_min best-ranked options, then every further
// option ranked above 0, best first, up to the most allowed (ties in a
// random order).
class PolicyAgent : public InfoSetAgent {
 public:
  PolicyAgent(Engine& engine, uint64_t seed, FunctionRef policy)
      : InfoSetAgent(engine), rng_(seed), policy_(std::move(policy)) {}

 protected:
  size_t decide(const SeatDecision& sd) override;
  void decide_subset(const SeatDecision& sd, std::vector<size_t>& out) override;

 private:
  // The policy's ranks of sd's options, on a fresh determinization.
  void rank(const SeatDecision& sd);

  Rng rng_;
  FunctionRef policy_;
  std::vector<int64_t> ranks_;
  std::vector<size_t> order_;
  std::vector<uint64_t> salt_;
};

}  // namespace tabula
