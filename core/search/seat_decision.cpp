#include "core/search/seat_decision.h"

namespace tabula {

const InfoSet& SeatDecision::view() const {
  if (!view_) view_ = info_set(*engine_, *state_, seat());
  return *view_;
}

}  // namespace tabula
