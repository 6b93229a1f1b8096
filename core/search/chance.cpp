#include "core/search/chance.h"

#include "core/rules/kernel.h"

namespace tabula {

bool ChancePath::chance(const State&, const ChanceEvent& e, size_t& out) {
  if (next_ >= path_.size()) return false;
  out = path_[next_++];
  return true;
}

ApplyResult apply_with_chance(Engine& e, State& s, int seat, size_t option, const std::vector<size_t>& path,
                              std::vector<ChanceEvent>* met, Mode mode) {
  ForcedChance* forced = e.kernel().forced_chance();
  std::vector<ChanceEvent>* recorder = e.kernel().chance_recorder();
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
