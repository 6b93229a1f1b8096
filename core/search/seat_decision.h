// What an automatic player deciding for one seat may use (ENGINE.md
// invariant 14): the seat, the legal options, the seat's information set and
// determinizations of everything hidden from it. The true state stays
// private, so an agent built on this interface cannot peek; search agents
// (ISMCTS and the like) build on it.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "core/rules/infoset.h"
#include "core/search/agent.h"

namespace tabula {

class Engine;

class SeatDecision {
 public:
  SeatDecision(Engine& e, const State& s, const Decision& d) : engine_(&e), state_(&s), decision_(&d) {}
  Engine& engine() const { return *engine_; }
  int seat() const { return decision_->seat; }
  // The open decision: its options are the legal moves, and a
  // determinization holds the same decision at the same place in `pending`.
  const Decision& decision() const { return *decision_; }
  // What the seat sees (built on first use). Its `state` pointer is there
  // for what is public (variables, counters, the flow); reading hidden parts
  // through it is peeking.
  const InfoSet& view() const;
  // How many choices the game has applied: every seat knows that much.
  uint64_t choices_applied() const { return state_->choices_applied; }
  // A full state the seat cannot tell from the true one (core/rules/infoset.h).
  State determinize(uint64_t seed) const { return tabula::determinize(*engine_, *state_, seat(), seed); }
  // info_hash of the true state for this seat: the same for any state it
  // cannot tell apart.
  uint64_t info_hash() const { return tabula::info_hash(*engine_, *state_, seat()); }

 private:
  Engine* engine_;
  const State* state_;
  const Decision* decision_;
  mutable std::optional<InfoSet> view_;
};

// An agent that decides from its seat's information set alone: play_out
// hands it the true state, and it passes on only a SeatDecision.
class InfoSetAgent : public Agent {
 public:
  explicit InfoSetAgent(Engine& engine) : engine_(&engine) {}
  void use(Engine& engine) { engine_ = &engine; }  // the packs were loaded again
  size_t choose(const State& s, const Decision& d) final { return decide(SeatDecision(*engine_, s, d)); }
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) final {
    decide_subset(SeatDecision(*engine_, s, d), out);
  }

 protected:
  virtual size_t decide(const SeatDecision& sd) = 0;
  virtual void decide_subset(const SeatDecision& sd, std::vector<size_t>& out) = 0;
  Engine* engine_;
};

}  // namespace tabula
