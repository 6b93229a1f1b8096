// The one value that holds a game: entities, zones, seats, variables, the
// flow position, scheduled work, pending decisions and the RNG. It is a plain
// value: copying it is a clone, and both copies continue independently.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/value.h"

namespace tabula {

using EntityId = int32_t;
constexpr EntityId kNoEntity = -1;

struct Entity {
  EntityId id = kNoEntity;
  std::string def;   // entity definition id
  int zone = -1;     // index into State::zones; -1 = out of play
  int owner = -1;    // seat, or -1
  bool face_up = true;
  Dict props;        // overrides of the definition's props
};

struct Zone {
  std::string key;   // "id" for shared zones, "id@seat" for per-seat ones
  std::string def;
  int seat = -1;
  std::vector<EntityId> items;  // front first
};

struct Seat {
  std::string name;
  Dict counters;
  Dict secret;  // visible to this seat only
};

// A call to make later: a function of a script module with arguments.
struct Call {
  std::string module;
  std::string fn;
  Value args;
  EntityId entity = kNoEntity;  // the entity the call is about, for errors and `self`
  std::string what;             // label for error messages ("flow step", "event knocked_out", ...)
};

struct Option {
  std::string id;
  std::string label;
};

struct Decision {
  int seat = 0;
  std::string prompt;
  std::vector<Option> options;
  Call then;            // receives the chosen option id
  bool secret = false;  // part of a simultaneous choice: hidden from other seats
  const Option* find(std::string_view id) const;
};

struct FlowFrame {
  int node = 0;  // index into Engine's node table (sorted flow ids)
  bool started = false;
  int iteration = 0;
  int seat_pos = 0;
  int first_seat = 0;  // the starting seat when this seat loop began
  int child = 0;
};

// The fight the combat pipeline is running, if any.
struct CombatFrame {
  bool active = false;
  int seat = -1;            // whose defenders fight
  int defenders = -1;       // zone index
  bool defeated = false;    // every defender knocked out: remaining stages are skipped
  int stage = 0;
  int agenda_floor = 0;     // agenda size when this fight began; defeat drops what lies above
};

struct JournalLine {
  int seat = -1;  // -1: everybody may read it
  std::string text;
};

struct State {
  uint64_t seed = 0;
  Rng rng;
  std::vector<Entity> entities;
  std::vector<Zone> zones;
  std::vector<Seat> seats;
  Dict vars;
  Dict options;  // how the game was set up (e.g. which practice board)
  int start_seat = 0;
  std::vector<FlowFrame> flow;
  CombatFrame combat;
  std::vector<Call> agenda;  // a stack: back() runs next
  std::vector<Decision> pending;
  bool over = false;
  Value result;
  uint64_t choices_applied = 0;
  std::vector<JournalLine> journal;  // what happened since the last choice

  uint64_t hash() const;
  int zone_index(std::string_view key) const;
  const Entity* entity(EntityId id) const;
  Entity* entity(EntityId id);
  const Decision* pending_for(int seat) const;
};

std::string zone_key(std::string_view def, int seat);

}  // namespace tabula
