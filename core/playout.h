// Playing a state forward with automatic agents: random playouts for
// simulation runs, smoke tests and (later) search. Knows nothing of any game.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/engine.h"
#include "core/rng.h"
#include "core/state.h"

namespace tabula {

// Picks an option of a decision for its seat. An agent should read only what
// Engine::view_json(state, decision.seat) shows; `state` is passed so that
// agents need not parse JSON.
class Agent {
 public:
  virtual ~Agent() = default;
  // Index into d.options (d.options is not empty).
  virtual size_t choose(const State& s, const Decision& d) = 0;
  // For a subset decision (d.subset()): the chosen options' indices, in any
  // order, between d.pick_min and d.most() of them. core/subset.h counts,
  // ranks and visits the legal sets.
  virtual void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) = 0;
};

// Uniformly random choices from its own RNG, so that the agents' draws never
// disturb the game's dice.
class RandomAgent : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  size_t choose(const State& s, const Decision& d) override;
  // Uniform over the legal sets: a size k with weight C(n, k), then a
  // uniform k-set (one draw of a rank).
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override;

 private:
  Rng rng_;
};

// One step of look-ahead with the pack's rating ([pack] score): plays each
// option on a copy of the state and keeps the one that rates best for its
// seat, a win above any rating and a loss below. Ties, subset decisions and
// packs without a rating go to its own RNG. The copies roll dice from that
// RNG, so the look-ahead never learns what the game's dice will show; it
// does see the true order of a hidden zone its option draws from (a seat's
// consistent re-sampling of what it cannot see belongs to search agents).
// It shuns an option that leads back to a position it has already chosen
// in (free actions undone, such as handing a thing back and forth), unless
// every option does.
class GreedyAgent : public Agent {
 public:
  GreedyAgent(Engine& engine, uint64_t seed) : engine_(&engine), rng_(seed) {}
  void use(Engine& engine) { engine_ = &engine; }  // the packs were loaded again
  size_t choose(const State& s, const Decision& d) override;
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override;

 private:
  Engine* engine_;
  Rng rng_;
  std::vector<size_t> best_;
  std::vector<uint64_t> seen_;  // positions it chose in, the last kSeen of them
  size_t seen_next_ = 0;
  static constexpr size_t kSeen = 256;
};

// A seed for stream `stream` derived from `seed` (splitmix64), e.g. one
// agent seed per seat that does not collide with the game seeds S, S+1, ...
uint64_t derive_seed(uint64_t seed, uint64_t stream);

struct PlayoutResult {
  uint64_t choices = 0;  // choices applied
  bool finished = false; // State::over
  bool failed = false;   // a choice was rejected (a script error) or a decision had no options
  int seat = -1;         // the seat whose choice failed
  std::string option;    // the option it tried
  std::string error;
};

// Called after every applied choice.
using ChoiceObserver = std::function<void(const State& s, int seat, const std::string& option)>;

// Plays `s` until the game is over, `max_choices` more choices were applied
// (0: no cap) or a choice fails. agents[seat] chooses for that seat. When
// several decisions are open at once (simultaneous secret choices) each seat
// chooses in seat order. Playouts run in Mode::Playout by default: no text is
// kept, and after a failed choice the state is unusable (in Mode::Play it is
// as it was before the choice).
PlayoutResult play_out(Engine& engine, State& s, const std::vector<Agent*>& agents, uint64_t max_choices = 0,
                       const ChoiceObserver& observe = {}, Mode mode = Mode::Playout);

}  // namespace tabula
