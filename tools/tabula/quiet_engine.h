// The engine's recorders (chance events, arrivals) off for a while: an
// agent that thinks ahead, or a choice tried on a copy, plays moves that are
// not the game's, and a log holding their chance events would not replay.
#pragma once
#include <vector>

#include "core/rules/engine.h"
#include "core/rules/kernel.h"

namespace tabula::cli {

class QuietEngine {
 public:
  explicit QuietEngine(Engine& e) : e_(e), chance_(e.kernel().chance_recorder()), arrivals_(e.kernel().arrival_recorder()) {
    e_.record_chance(nullptr);
    e_.record_arrivals(nullptr);
  }
  ~QuietEngine() {
    e_.record_chance(chance_);
    e_.record_arrivals(arrivals_);
  }
  QuietEngine(const QuietEngine&) = delete;
  QuietEngine& operator=(const QuietEngine&) = delete;

 private:
  Engine& e_;
  std::vector<ChanceEvent>* chance_;
  std::vector<Arrival>* arrivals_;
};

}  // namespace tabula::cli
