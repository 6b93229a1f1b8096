// Whether a choice would end the game at once with the choosing seat not
// among the winners (a concession, a losing last move): `tabula play` and
// `tabula serve` ask for a confirmation first. Tried on a copy with the
// recorders off; a choice that draws at random or shows anyone something
// new is never foretold, so nothing is learnt from the question.
#pragma once
#include <string>

#include "core/rules/engine.h"

namespace tabula::cli {

bool loses_at_once(Engine& e, const State& s, int seat, const std::string& option);

}  // namespace tabula::cli
