#include "core/rules/undo.h"

#include <algorithm>

#include "core/rules/engine.h"

namespace tabula {

UndoLimit informs(const Engine& e, const State& before, const State& after) {
  if (after.rng.draws() != before.rng.draws()) return {UndoLimit::Why::Chance, -1};
  // Entities made by the choice are not news: the rules made them from
  // what everyone knew. Entities some seat now knows and did not are.
  const size_t old = std::min(before.entities.size(), after.entities.size());
  for (int seat = 0; seat < static_cast<int>(after.seats.size()); ++seat)
    for (size_t id = 0; id < old; ++id) {
      const auto entity = static_cast<EntityId>(id);
      if (e.known(after, entity, seat) && !e.known(before, entity, seat))
        return {UndoLimit::Why::Shown, seat};
    }
  return {};
}

void UndoHistory::chose(const Engine& e, const State& before, const State& after, int seat) {
  if (seat != last_seat_) {
    if (last_seat_ >= 0) origin_ = {UndoLimit::Why::OtherSeat, last_seat_};
    steps_.clear();
    last_seat_ = seat;
  }
  if (UndoLimit news = informs(e, before, after); news.why != UndoLimit::Why::None) {
    steps_.clear();
    origin_ = news;
    return;
  }
  steps_.push_back({seat, before});
}

void UndoHistory::kept(int seat) {
  if (last_seat_ >= 0 && last_seat_ != seat) origin_ = {UndoLimit::Why::OtherSeat, last_seat_};
  steps_.clear();
  last_seat_ = seat;
}

void UndoHistory::seal() {
  steps_.clear();
  last_seat_ = -1;
  origin_ = {UndoLimit::Why::Sealed, -1};
}

size_t UndoHistory::undoable(int seat) const { return !steps_.empty() && steps_.back().seat == seat ? steps_.size() : 0; }

UndoLimit UndoHistory::why_not(int seat) const {
  if (undoable(seat)) return {};
  if (last_seat_ >= 0 && last_seat_ != seat) return {UndoLimit::Why::OtherSeat, last_seat_};
  return origin_;
}

bool UndoHistory::undo(int seat, State& s) {
  if (!undoable(seat)) return false;
  s = std::move(steps_.back().before);
  steps_.pop_back();
  return true;
}

}  // namespace tabula
