// Drawing a chance event a script declared (tabula.chance): forced by a test
// or a solver, else by the game's RNG from the outcomes' weights, and
// recorded when something watches (docs/architecture.md, "Chance as data").
#include <string>

#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

namespace {
std::string outcome_list(const ChanceEvent& e) {
  std::string out;
  for (const Value& v : e.outcomes) out += (out.empty() ? "" : ", ") + v.to_string();
  return out;
}
}  // namespace

size_t Kernel::chance_outcome(const std::vector<int64_t>& weights, uint64_t draw) {
  for (size_t i = 0; i < weights.size(); ++i) {
    const auto w = static_cast<uint64_t>(weights[i]);
    if (draw < w) return i;
    draw -= w;
  }
  throw KernelError("a chance draw beyond its weights' total");  // the caller draws below the total
}

size_t Kernel::draw_chance(State& s, ChanceEvent& e) {
  size_t i = 0;
  if (forced_ && forced_->chance(s, e, i)) {
    if (i >= e.outcomes.size())
      throw KernelError("chance '" + e.name + "': the forced outcome index " + std::to_string(i) + " is outside its " +
                        std::to_string(e.outcomes.size()) + " outcomes (" + outcome_list(e) + ")");
  } else {
    uint64_t total = 0;
    for (int64_t w : e.weights) total += static_cast<uint64_t>(w);
    i = chance_outcome(e.weights, random_below(s, total));
  }
  e.drawn = i;
  if (chances_out_) chances_out_->push_back(e);
  return i;
}

}  // namespace tabula
