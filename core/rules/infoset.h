// A seat's information set (ENGINE.md invariant 14): what one seat knows of
// a state, read in place, and determinizations: full states that agree with
// everything the seat knows and resample everything it does not. Agents
// that search decide from these alone (docs/architecture.md, "Information
// sets and determinization").
#pragma once
#include <cstdint>
#include <vector>

#include "core/state/state.h"

namespace tabula {

class Engine;

// What `seat` (or the onlooker, -1) sees of one state. It points into the
// state, which must outlive it. Variables, counters, the flow and the
// result are public and read from `state`.
struct InfoSet {
  struct ZoneSeen {
    int32_t count = 0;   // entities in the zone
    int32_t hidden = 0;  // of them, those whose definition the seat does not know
    // Whether `items` lists the zone front first (kNoEntity where the seat
    // does not know the entity): the seat sees the zone, or something in it
    // was revealed to it. Otherwise `items` is empty.
    bool ordered = false;
    std::vector<EntityId> items;
    // The definitions it sees without knowing where they lie (a contents
    // zone), or those of the entities it knows (a grouped zone): ascending.
    std::vector<int32_t> defs;
  };
  const State* state = nullptr;
  int seat = -1;
  std::vector<ZoneSeen> zones;  // one per State::zones
  std::vector<EntityId> known;  // the entities in play it knows, ascending
  const Dict* secret = nullptr;  // its own secrets; null for the onlooker
  const Decision* decision = nullptr;  // its open decision, if any
  bool knows(EntityId id) const;
};

InfoSet info_set(const Engine& e, const State& s, int seat);

// A hash of what `seat` knows, without how the game got here (the dice, the
// count of choices): equal for two states the seat cannot tell apart. Search
// agents use it to notice positions they have been in.
uint64_t info_hash(const Engine& e, const State& s, int seat);

// A full state that agrees with what `seat` knows of `s` and draws the rest
// from `seed`: the entities the seat does not know exchange what they are
// (definition and properties) within their class (zone pool, the zone's
// seat in a pool of per-seat zones, kind and [kinds.X] back), keeping their ids, places,
// owners and faces; the dice are reseeded;
// then the pack's [pack] determinize hook resamples what the kernel cannot
// tell (other seats' secrets). The result depends only on what the seat
// knows and on `seed`. The journal is left out. Throws ScriptError when the
// hook fails.
State determinize(Engine& e, const State& s, int seat, uint64_t seed);

}  // namespace tabula
