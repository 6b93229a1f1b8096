#include "core/search/playout.h"

#include <algorithm>
#include <cstdint>

#include "core/rules/engine.h"
#include "core/rules/infoset.h"
#include "core/rules/subset.h"
#include "core/state/outcome.h"

namespace tabula {

size_t RandomAgent::choose(const State&, const Decision& d) {
  return static_cast<size_t>(rng_.below(d.options.size()));
}

void RandomAgent::choose_subset(const State&, const Decision& d, std::vector<size_t>& out) {
  subset_at(d, rng_.below(subset_count(d)), out);
}

size_t GreedyAgent::decide(const SeatDecision& sd) {
  const Decision& d = sd.decision();
  const size_t n = d.options.size();
  Engine& engine = sd.engine();
  if (n == 1 || !engine.has_score()) return static_cast<size_t>(rng_.below(n));
  const uint64_t here = sd.info_hash();
  if (seen_.size() < kSeen) seen_.push_back(here);
  else seen_[seen_next_++ % kSeen] = here;
  best_.clear();
  int64_t best = 0;
  const State world = sd.determinize(rng_.next());
  for (size_t i = 0; i < n; ++i) {
    State next = world;
    if (!engine.apply_index(next, d.seat, i, Mode::Playout).ok) continue;  // the real choice will report it
    int64_t rating;
    if (next.over) {
      Outcome o;
      read_outcome(next.result, static_cast<int>(next.seats.size()), o);
      const bool won = std::find(o.winners.begin(), o.winners.end(), d.seat) != o.winners.end();
      rating = won ? INT64_MAX : o.winners.empty() ? 0 : INT64_MIN;
    } else if (std::find(seen_.begin(), seen_.end(), info_hash(engine, next, d.seat)) != seen_.end()) {
      rating = INT64_MIN;
    } else {
      rating = engine.score(next, d.seat);
    }
    if (best_.empty() || rating > best) {
      best = rating;
      best_.assign(1, i);
    } else if (rating == best) {
      best_.push_back(i);
    }
  }
  if (best_.empty()) return static_cast<size_t>(rng_.below(n));
  return best_[static_cast<size_t>(rng_.below(best_.size()))];
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
