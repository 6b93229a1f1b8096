// Playing a state forward with automatic agents: random playouts for
// simulation runs, smoke tests and (later) search. Knows nothing of any game.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/rules/engine.h"
#include "core/search/agent.h"
#include "core/search/seat_decision.h"
#include "core/state/rng.h"
#include "core/state/state.h"

namespace tabula {

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

// Whether option `o` gives the game up: `resign` ([pack] resign) names its id.
bool resigns(const std::vector<std::string>& resign, const Option& o);
// Whether some option of `d` does not give the game up.
bool plays_on(const std::vector<std::string>& resign, const Decision& d);

// A search's random playouts: uniform among the options, except that an
// option whose id `avoid` lists (the pack's [pack] resign: a concession) is
// never taken while another is open. A random opponent that concedes now
// and then makes a search believe that handing it the move wins.
class PlayoutWalker : public Agent {
 public:
  PlayoutWalker(uint64_t seed, const std::vector<std::string>* avoid) : rng_(seed), avoid_(avoid) {}
  size_t choose(const State& s, const Decision& d) override;
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override;

 private:
  bool avoided(const Option& o) const;
  Rng rng_;
  const std::vector<std::string>* avoid_;
};

// One step of look-ahead with the pack's rating ([pack] score): plays each
// option on a determinization of its seat's information set (core/rules/infoset.h:
// hidden zones, other seats' secrets and the dice drawn anew from its own
// RNG; one determinization per decision, shared by the options so that they
// are compared on the same draw) and keeps the one that rates best for its
// seat, a win above any rating and a loss below. Ties, subset decisions and
// packs without a rating go to its own RNG. It shuns an option that leads
// back to what its seat has already seen when choosing (free actions
// undone, such as handing a thing back and forth), unless every option does.
// A named bot's rating ([bots.NAME] rating) replaces the pack's.
class GreedyAgent : public InfoSetAgent {
 public:
  GreedyAgent(Engine& engine, uint64_t seed, FunctionRef rating = {})
      : InfoSetAgent(engine), rng_(seed), rating_(std::move(rating)) {}

 protected:
  size_t decide(const SeatDecision& sd) override;
  void decide_subset(const SeatDecision& sd, std::vector<size_t>& out) override;

 private:
  Rng rng_;
  FunctionRef rating_;
  std::vector<size_t> best_;
  std::vector<uint64_t> seen_;  // information sets it chose in, the last kSeen of them
  size_t seen_next_ = 0;
  static constexpr size_t kSeen = 256;
};

// The function id of a named rating or policy in `engine` (-1 for an
// empty reference: the pack's score). Looked up per decision, so that an
// agent follows the packs when `tabula play` reloads them; the load checked
// that it exists, so a missing one (gone in a reload) is a KernelError.
int32_t resolve(const Engine& engine, const FunctionRef& fn);

// How good `s`, reached by a choice of `seat`, is for that seat: a win above
// any rating, a loss below, a draw or a game without winners 0, else
// `rating` (a function id; -1: the pack's score).
int64_t rate_reached(Engine& engine, State& s, int seat, int32_t rating);

// One step ahead with a rating on the very state it is handed: the playout
// policy of a search that has already drawn a determinization (IsmctsParams
// greedy_playouts), where every seat's walker plays on the searcher's guess
// and never on the true state. Cheap next to GreedyAgent: no
// determinization and no memory of what it saw. Ties and subset decisions
// go to its own RNG.
class GreedyWalker : public Agent {
 public:
  GreedyWalker(Engine& engine, uint64_t seed, int32_t rating) : engine_(&engine), rng_(seed), rating_(rating) {}
  size_t choose(const State& s, const Decision& d) override;
  void choose_subset(const State& s, const Decision& d, std::vector<size_t>& out) override;

 private:
  Engine* engine_;
  Rng rng_;
  int32_t rating_;
  std::vector<size_t> best_;
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
