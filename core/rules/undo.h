// Taking back choices, by one policy every interface shares (issue 29): a
// seat may take back its own latest choices until new information reached
// anyone — a draw of the random numbers (a roll, a shuffle, a random card)
// or an entity some seat did not know before and knows now (a card drawn
// into a hand, a reveal) — or another seat chose. A game's history of
// choices that may still be taken back is one UndoHistory.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/state/state.h"

namespace tabula {

class Engine;

// What stops a seat taking back more choices.
struct UndoLimit {
  enum class Why : uint8_t {
    None,         // nothing stops it
    NoChoice,     // no choice has been made yet that may be taken back
    OtherSeat,    // `seat` chose after it
    Chance,       // a choice drew at random: a roll, a shuffle, a hidden card
    Shown,        // a choice showed `seat` something it did not know
    Sealed,       // the interface ended it (packs reloaded, a game resumed)
  };
  Why why = Why::None;
  int seat = -1;
};

// What new information a choice from `before` to `after` brought to
// someone (Why::None when none): it cannot be taken back.
UndoLimit informs(const Engine& e, const State& before, const State& after);

class UndoHistory {
 public:
  // `seat` chose in `before`, which became `after`. Another seat's choice,
  // or one that brought new information, ends what may be taken back.
  void chose(const Engine& e, const State& before, const State& after, int seat);
  // `seat` chose for good (an agent's choice, never taken back): the same
  // as another seat's choice to whoever chose before.
  void kept(int seat);
  // Nothing before now may be taken back (packs reloaded, a game resumed).
  void seal();

  // How many of `seat`'s latest choices may be taken back.
  size_t undoable(int seat) const;
  // Why `seat` may take back nothing (Why::None when it may).
  UndoLimit why_not(int seat) const;
  // Takes back `seat`'s latest choice: `s` becomes the state before it.
  // False (and `s` as it was) when undoable(seat) is 0.
  bool undo(int seat, State& s);

 private:
  struct Step {
    int seat;
    State before;
  };
  std::vector<Step> steps_;  // the latest choices, all of one seat, oldest first
  int last_seat_ = -1;       // who chose last, with or without a step kept
  UndoLimit origin_{UndoLimit::Why::NoChoice, -1};  // why nothing before steps_ may be taken back
};

}  // namespace tabula
