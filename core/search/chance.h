// Chance as data for search: apply a choice with the outcomes of its chance
// events (tabula.chance) fixed in advance, and learn which events it met.
// A solver walks a choice's chance tree with it: apply with an empty path,
// read the first event's outcomes and weights, then apply each outcome's
// path ({0}, {1}, ...) on its own copy of the state, and so on down
// (docs/architecture.md, "Chance as data").
#pragma once
#include <cstddef>
#include <vector>

#include "core/rules/engine.h"

namespace tabula {

// Forces the chance events met, in order, to the outcome indices of `path`;
// the events after them, scripts' tabula.random and shuffles draw from the
// RNG as usual. An index outside its event's outcomes throws KernelError
// (the choice is then rolled back or, in Mode::Playout, the state unusable).
class ChancePath : public ForcedChance {
 public:
  explicit ChancePath(std::vector<size_t> path) : path_(std::move(path)) {}
  bool random(uint64_t, uint64_t&) override { return false; }
  bool shuffle(const State&, int, std::vector<EntityId>&) override { return false; }
  bool chance(const State& s, const ChanceEvent& e, size_t& out) override;
  size_t used() const { return next_; }  // how many of the path's outcomes were taken

 private:
  std::vector<size_t> path_;
  size_t next_ = 0;
};

// Applies option `option` of `seat`'s decision with the chance events it
// meets forced along `path`, appending every event met (forced or drawn) to
// `met` when it is not null. The engine's own forcer and recorder are set
// back afterwards. For a search: a clone of the state per branch.
ApplyResult apply_with_chance(Engine& e, State& s, int seat, size_t option, const std::vector<size_t>& path,
                              std::vector<ChanceEvent>* met, Mode mode = Mode::Playout);

}  // namespace tabula
