// What a pack shows when it is played, for the files `tabula new` writes:
// where the entities of a kind lie, and what holds at the first decision of
// a game. Both run the pack's own flow; neither knows any game.
#pragma once
#include <string>

#include "core/rules/engine.h"

namespace tabula::cli {

struct ZonePick {
  std::string zone;
  bool per_seat = false;
  std::string why;  // for a comment in the scenario file
};
// A zone for a new entity of `kind`: the one that held entities of that kind
// at the most decisions of short random games (seed 1: the default start,
// then each setup in turn, until one shows the kind); else the first zone
// of the kind's listen_in; else the first zone the pack declares.
ZonePick zone_for_kind(Engine& engine, const std::string& kind);

// A game of the pack's default seats, seed 1, no options, run to its first
// decision, as a scenario file without [start] begins.
struct StartFacts {
  bool over = false;
  int seat = 0;  // the seat (from 1) of the first open decision; 0: none
  Dict counters;  // seat 1's counters
};
// Throws CliError when the start fails.
StartFacts start_facts(Engine& engine);

}  // namespace tabula::cli
