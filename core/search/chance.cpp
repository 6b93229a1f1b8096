#include "core/search/chance.h"

#include <string>

#include "core/state/kernel_error.h"

namespace tabula {

namespace {
std::string outcome_list(const ChanceEvent& e) {
  std::string out;
  for (const Value& v : e.outcomes) out += (out.empty() ? "" : ", ") + v.to_string();
  return out;
}
}  // namespace

size_t Engine::chance_outcome(const std::vector<int64_t>& weights, uint64_t draw) {
  for (size_t i = 0; i < weights.size(); ++i) {
    const auto w = static_cast<uint64_t>(weights[i]);
    if (draw < w) return i;
    draw -= w;
  }
  throw KernelError("a chance draw beyond its weights' total");  // the caller draws below the total
}

size_t Engine::draw_chance(State& s, ChanceEvent& e) {
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

bool ChancePath::chance(const State&, const ChanceEvent& e, size_t& out) {
  if (next_ >= path_.size()) return false;
  out = path_[next_++];
  return true;
}

ApplyResult apply_with_chance(Engine& e, State& s, int seat, size_t option, const std::vector<size_t>& path,
                              std::vector<ChanceEvent>* met, Mode mode) {
  ForcedChance* forced = e.forced_chance();
  std::vector<ChanceEvent>* recorder = e.chance_recorder();
  ChancePath chance(path);
  e.force_chance(&chance);
  e.record_chance(met);
  ApplyResult r;
  try {
    r = e.apply_index(s, seat, option, mode);
  } catch (...) {
    e.force_chance(forced);
    e.record_chance(recorder);
    throw;
  }
  e.force_chance(forced);
  e.record_chance(recorder);
  return r;
}

}  // namespace tabula
