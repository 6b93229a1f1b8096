#include "core/playout.h"

#include <algorithm>

#include "core/engine.h"
#include "core/subset.h"

namespace tabula {

size_t RandomAgent::choose(const State&, const Decision& d) {
  return static_cast<size_t>(rng_.below(d.options.size()));
}

void RandomAgent::choose_subset(const State&, const Decision& d, std::vector<size_t>& out) {
  subset_at(d, rng_.below(subset_count(d)), out);
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
        agents[seat]->choose_subset(s, *d, set);
        const std::string why = check_subset(*d, set);
        if (!why.empty()) return fail(seat, "", "the agent of seat " + std::to_string(seat + 1) + " chose no legal set: " + why);
        option = subset_id(*d, set);
        a = engine.apply_subset(s, seat, set, mode);
      } else {
        size_t pick = agents[seat]->choose(s, *d);
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
