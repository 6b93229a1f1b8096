#include "core/search/playout.h"

#include <algorithm>
#include <cstdint>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/rules/subset.h"
#include "core/state/kernel_error.h"
#include "core/state/outcome.h"

namespace tabula {

namespace {
// Every subset equally likely: the random agent's and the playouts' sets.
void any_subset(Rng& rng, const Decision& d, std::vector<size_t>& out) {
  subset_at(d, rng.below(subset_count(d)), out);
}
}  // namespace

size_t RandomAgent::choose(const State&, const Decision& d) {
  return static_cast<size_t>(rng_.below(d.options.size()));
}

void RandomAgent::choose_subset(const State&, const Decision& d, std::vector<size_t>& out) {
  any_subset(rng_, d, out);
}

bool resigns(const std::vector<std::string>& resign, const Option& o) {
  return std::find(resign.begin(), resign.end(), o.id) != resign.end();
}

bool plays_on(const std::vector<std::string>& resign, const Decision& d) {
  return std::any_of(d.options.begin(), d.options.end(), [&](const Option& o) { return !resigns(resign, o); });
}

bool PlayoutWalker::avoided(const Option& o) const { return resigns(*avoid_, o); }

size_t PlayoutWalker::choose(const State&, const Decision& d) {
  const size_t n = d.options.size();
  const size_t pick = static_cast<size_t>(rng_.below(n));
  if (!avoid_ || avoid_->empty() || !avoided(d.options[pick])) return pick;
  // Uniform among the others, if there are any.
  size_t open = 0;
  for (const Option& o : d.options) open += !avoided(o);
  if (open == 0) return pick;
  size_t k = static_cast<size_t>(rng_.below(open));
  for (size_t i = 0; i < n; ++i)
    if (!avoided(d.options[i]) && k-- == 0) return i;
  return pick;
}

void PlayoutWalker::choose_subset(const State&, const Decision& d, std::vector<size_t>& out) {
  any_subset(rng_, d, out);
}

int32_t resolve(const Engine& engine, const FunctionRef& fn) {
  if (fn.empty()) return -1;
  const int32_t id = engine.function_id(fn.module, fn.name);
  if (id < 0) throw KernelError("no function '" + fn.name + "' in " + fn.module + " (named at " + fn.pos.to_string() + ")");
  return id;
}

int64_t rate_reached(Engine& engine, State& s, int seat, int32_t rating) {
  if (!s.over) return engine.rate(s, seat, rating);
  Outcome o;
  read_outcome(s.result, static_cast<int>(s.seats.size()), o);
  const bool won = std::find(o.winners.begin(), o.winners.end(), seat) != o.winners.end();
  return won ? INT64_MAX : o.winners.empty() ? 0 : INT64_MIN;
}

namespace {

// Keeps the options that rate best: `best` holds their indices.
void keep_best(std::vector<size_t>& best, int64_t& top, size_t i, int64_t rating) {
  if (best.empty() || rating > top) {
    top = rating;
    best.assign(1, i);
  } else if (rating == top) {
    best.push_back(i);
  }
}

}  // namespace

size_t GreedyAgent::decide(const SeatDecision& sd) {
  const Decision& d = sd.decision();
  const size_t n = d.options.size();
  Engine& engine = sd.engine();
  const int32_t rating = resolve(engine, rating_);
  if (n == 1 || (rating < 0 && !engine.has_score())) return static_cast<size_t>(rng_.below(n));
  const uint64_t here = sd.info_hash();
  if (seen_.size() < kSeen) seen_.push_back(here);
  else seen_[seen_next_++ % kSeen] = here;
  best_.clear();
  int64_t best = 0;
  const State world = sd.determinize(rng_.next());
  for (size_t i = 0; i < n; ++i) {
    State next = world;
    if (!engine.apply_index(next, d.seat, i, Mode::Playout).ok) continue;  // the real choice will report it
    const bool again = !next.over && std::find(seen_.begin(), seen_.end(), info_hash(engine, next, d.seat)) != seen_.end();
    keep_best(best_, best, i, again ? INT64_MIN : rate_reached(engine, next, d.seat, rating));
  }
  if (best_.empty()) return static_cast<size_t>(rng_.below(n));
  return best_[static_cast<size_t>(rng_.below(best_.size()))];
}

size_t GreedyWalker::choose(const State& s, const Decision& d) {
  const size_t n = d.options.size();
  if (n == 1) return 0;
  if (rating_ < 0 && !engine_->has_score()) return static_cast<size_t>(rng_.below(n));  // nothing to rate by
  best_.clear();
  int64_t best = 0;
  for (size_t i = 0; i < n; ++i) {
    State next = s;
    if (!engine_->apply_index(next, d.seat, i, Mode::Playout).ok) continue;
    keep_best(best_, best, i, rate_reached(*engine_, next, d.seat, rating_));
  }
  if (best_.empty()) return static_cast<size_t>(rng_.below(n));
  return best_[static_cast<size_t>(rng_.below(best_.size()))];
}

void GreedyWalker::choose_subset(const State&, const Decision& d, std::vector<size_t>& out) {
  subset_at(d, rng_.below(subset_count(d)), out);
}

void GreedyAgent::decide_subset(const SeatDecision& sd, std::vector<size_t>& out) {
  subset_at(sd.decision(), rng_.below(subset_count(sd.decision())), out);
}

uint64_t derive_seed(uint64_t seed, uint64_t stream) {
  uint64_t z = seed ^ (0x9e3779b97f4a7c15ull * (stream + 1));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

PlayoutResult play_out(Engine& engine, State& s, const std::vector<Agent*>& agents, uint64_t max_choices,
                       const ChoiceObserver& observe, Mode mode) {
  PlayoutResult r;
  auto fail = [&](int seat, std::string option, std::string error) {
    r.failed = true;
    r.seat = seat;
    r.option = std::move(option);
    r.error = std::move(error);
    return r;
  };
  std::vector<size_t> set;
  while (!s.over && !s.pending.empty()) {
    // Every seat that must choose now; a choice may close or open others.
    std::vector<int> seats;
    for (const auto& d : s.pending) seats.push_back(d.seat);
    std::sort(seats.begin(), seats.end());
    for (int seat : seats) {
      if (max_choices && r.choices >= max_choices) break;
      const Decision* d = s.pending_for(seat);
      if (!d) continue;
      if (d->options.empty()) return fail(seat, "", "seat " + std::to_string(seat + 1) + " must decide but has no options");
      if (seat < 0 || seat >= static_cast<int>(agents.size()) || !agents[seat])
        return fail(seat, "", "no agent for seat " + std::to_string(seat + 1));
      std::string option;  // the decision is gone once applied
      ApplyResult a;
      if (d->subset()) {
        try {
          agents[seat]->choose_subset(s, *d, set);
        } catch (const std::exception& e) {
          return fail(seat, "", "the agent of seat " + std::to_string(seat + 1) + " failed: " + e.what());
        }
        const std::string why = check_subset(*d, set);
        if (!why.empty()) return fail(seat, "", "the agent of seat " + std::to_string(seat + 1) + " chose no legal set: " + why);
        option = subset_id(*d, set);
        a = engine.apply_subset(s, seat, set, mode);
      } else {
        size_t pick;
        try {
          pick = agents[seat]->choose(s, *d);
        } catch (const std::exception& e) {
          return fail(seat, "", "the agent of seat " + std::to_string(seat + 1) + " failed: " + e.what());
        }
        if (pick >= d->options.size()) return fail(seat, "", "the agent of seat " + std::to_string(seat + 1) + " chose no option");
        option = d->options[pick].id;
        a = engine.apply_index(s, seat, pick, mode);
      }
      if (!a.ok) return fail(seat, std::move(option), a.error);
      ++r.choices;
      if (observe) observe(s, seat, option);
      if (s.over) break;
    }
    if (max_choices && r.choices >= max_choices) break;
  }
  r.finished = s.over;
  return r;
}

}  // namespace tabula
