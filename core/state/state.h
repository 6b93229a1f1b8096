// The one value that holds a game: entities, zones, seats, variables, the
// flow position, scheduled work, pending decisions and the RNG. It is a plain
// value: copying it is a clone, and both copies continue independently.
// Definitions, properties, zones and script functions are named by the ids
// the engine's PackSet gives them (pack.h), so a state belongs to one set of
// packs; Engine::save/load translate it to and from names.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/state/rng.h"
#include "core/state/text_ref.h"
#include "core/state/value.h"

namespace tabula {

using EntityId = int32_t;
constexpr EntityId kNoEntity = -1;

struct Entity {
  int32_t def = -1;    // definition (PackSet::defs)
  int32_t zone = -1;   // index into State::zones; -1 = out of play
  int32_t owner = -1;  // seat, or -1
  bool face_up = true;
};

// A property an entity holds apart from its definition's value.
struct PropCell {
  EntityId entity = kNoEntity;
  int32_t prop = -1;  // PackSet::prop_names
  Value value;
};

// One seat may see one entity it otherwise could not (tabula.reveal), until
// the entity moves or its zone is shuffled.
struct Reveal {
  EntityId entity = kNoEntity;
  int32_t seat = -1;
};

struct Zone {
  int32_t def = -1;   // PackSet::zones
  int32_t seat = -1;  // for a per-seat zone
  std::vector<EntityId> items;  // front first
};

struct Seat {
  Dict counters;
  Dict secret;  // visible to this seat only
};

// What a call is, for error messages (the function says the rest).
enum class CallKind : uint8_t { Flow, Until, SkipIf, Begin, Finish, Stage, Choice, Scheduled, Called, Event, Modifier, Probe, Refresh, Extension };

// A call to make later: a function of a script module with arguments.
struct Call {
  int32_t fn = -1;               // the engine's function id
  EntityId entity = kNoEntity;   // the entity the call is about, for errors and `self`
  CallKind kind = CallKind::Scheduled;
  int32_t detail = -1;           // the flow node or combat stage, for messages
  Value args;
};

struct Option {
  std::string id;
  bool int_id = false;          // given as an integer: ctx.choice is an integer
  EntityId entity = kNoEntity;  // the entity it stands for, if any (its name is the default label)
  TextRef label;
  // Its own continuation, called instead of the decision's `then` (with the
  // same args and self) when this option is chosen; -1: the decision's.
  int32_t on_choice = -1;
};

struct Decision {
  int seat = 0;
  TextRef prompt;
  TextRef option_label;  // the label of options without one, given {id = the option's id}
  std::vector<Option> options;
  Call then;            // receives the chosen option id
  bool secret = false;  // part of a simultaneous choice: hidden from other seats
  // A subset decision asks for a set of the options, between pick_min and
  // pick_max of them (pick_max is capped by the number of options, so it
  // may exceed it); -1: an ordinary choice of one option (core/rules/subset.h).
  int pick_min = -1, pick_max = -1;
  // Query function that gives the options anew after another seat's choice
  // (-1: none), and the function scheduled when the decision is withdrawn.
  int32_t refresh = -1, on_withdraw = -1;
  // The memory cap's estimate of the decision (decision_bytes), taken when
  // it opens; not part of the game.
  int64_t bytes = 0;
  const Option* find(std::string_view id) const;
  bool subset() const { return pick_min >= 0; }
  int most() const { return pick_max < static_cast<int>(options.size()) ? pick_max : static_cast<int>(options.size()); }
};

struct FlowFrame {
  int node = 0;  // index into the engine's node table (sorted flow ids)
  bool started = false;
  int iteration = 0;
  int seat_pos = 0;
  int first_seat = 0;  // the starting seat when this seat loop began
  int child = 0;
  Value args{};  // what tabula.start gave the node (its hooks' ctx.args)
};

// The fight a flow node is running, if any (one at a time). Its sides are
// the contents of a zone (the [combat] pipeline's defenders) or lists of
// entities given to tabula.start, from which knocked-out ones are removed.
struct CombatFrame {
  bool active = false;
  int seat = -1;            // whose defenders fight
  int defenders = -1;       // zone index, or -1 when the sides are lists
  bool defeated = false;    // a side is all knocked out: the rest of the body is skipped
  int stage = 0;
  int agenda_floor = 0;     // agenda size when this fight began; defeat drops what lies above
  int node = -1;            // the flow node running the fight (names its stages)
  int flow_depth = 0;       // flow frames up to the fight's own; defeat drops those above
  bool attackers_lost = false;  // it was the attackers who were all knocked out
  std::vector<EntityId> defender_ids, attacker_ids;  // the sides still standing, when given as lists
};

struct JournalLine {
  int seat = -1;  // -1: everybody may read it
  TextRef text;
  // (reader, entity): an entity the line names in a slot that this reader
  // (a seat from 0, or -1 the onlooker) knew when the line was written. Its
  // rendering for a reader names only those; every other entity slot shows
  // as hidden. Sorted.
  std::vector<std::pair<int32_t, int64_t>> seen;
  // What wrote it: the script function running (-1: the kernel itself) and
  // the entity it ran for (its `self`), for "why did this happen?"
  // (Engine::cause). Not part of the game: the hash leaves them out.
  int32_t cause_fn = -1;
  EntityId cause_entity = kNoEntity;
};

// Estimates of the heap the queues of a state hold, for the memory cap
// (docs/lua-api.md, "Sandbox and limits"): a scheduled call, a flow frame, an open
// decision with its options and texts, a journal line.
inline int64_t call_bytes(const Call& c) { return static_cast<int64_t>(sizeof(Call) + c.args.heap_bytes()); }
inline int64_t frame_bytes(const FlowFrame& f) { return static_cast<int64_t>(sizeof(FlowFrame) + f.args.heap_bytes()); }
inline int64_t line_bytes(const JournalLine& l) { return static_cast<int64_t>(sizeof(JournalLine) + l.text.args.heap_bytes()); }
int64_t option_bytes(const Option& o);
int64_t decision_bytes(const Decision& d);

// Tells the Lua host which copy of a state it is looking at: every new state
// and every copy gets a new tag, so a live table the host built for one state
// is never used for another (lua_vars.cpp). A move keeps the tag: the moved
// state is the same game. Not part of the game.
class StateTag {
 public:
  StateTag() : v_(next()) {}
  StateTag(const StateTag&) : v_(next()) {}
  StateTag(StateTag&& o) noexcept : v_(o.v_) { o.v_ = next(); }
  StateTag& operator=(const StateTag&) {
    v_ = next();
    return *this;
  }
  StateTag& operator=(StateTag&& o) noexcept {
    v_ = o.v_;
    o.v_ = next();
    return *this;
  }
  uint64_t value() const { return v_; }

 private:
  static uint64_t next();
  uint64_t v_;
};

struct State {
  uint64_t seed = 0;
  Rng rng;
  std::vector<Entity> entities;  // indexed by EntityId
  std::vector<PropCell> props;   // sorted by (entity, prop)
  std::vector<Reveal> revealed;  // sorted by (entity, seat); empty unless a script reveals
  std::vector<Zone> zones;
  std::vector<Seat> seats;
  Dict options;  // how the game was set up (e.g. which practice board)
  int start_seat = 0;
  std::vector<FlowFrame> flow;
  CombatFrame combat;
  std::vector<Call> agenda;  // a stack: back() runs next
  std::vector<Decision> pending;
  bool over = false;
  Value result;
  TextRef result_text;
  uint64_t choices_applied = 0;
  // What happened since the last choice, for people: not part of the hash,
  // and not kept by playouts.
  std::vector<JournalLine> journal;

  // Game variables. Writes go through set_var (or the host's live tables).
  // Like the seats' counters and secrets (set_counter, set_secret), they
  // keep kept_bytes up to date.
  const Dict& vars() const { return vars_; }
  const Value& var(std::string_view name) const { return dict_get(vars_, name); }
  void set_var(std::string_view name, Value v);
  void set_counter(int seat, std::string_view name, Value v);
  void set_secret(int seat, std::string_view name, Value v);
  Value* var_slot(std::string_view name) { return dict_find(vars_, name); }
  // Bumped when a variable holding a table is replaced or removed by
  // set_var: live tables built before it are stale.
  uint64_t tables_version() const { return tables_version_; }
  uint64_t tag() const { return tag_.value(); }

  // An estimate of the heap the state keeps for its entities, properties,
  // reveals, variables, counters, secrets and options, which the memory cap
  // counts (docs/security.md): kept up to date by the operations that change
  // them (set_var, set_counter, set_secret, reveal, forget_reveals, and the
  // engine's create_entity and set_prop), so that a copy, a rollback and a
  // new game each carry their own. Not part of the game: not hashed, not
  // saved. count_kept_bytes() counts it anew, as a state read from a file
  // starts with it.
  int64_t kept_bytes = 0;
  int64_t count_kept_bytes() const;
  // What the agenda, the flow frames and the open decisions (each as
  // estimated when it opened: Decision::bytes) hold now; the memory cap
  // counts them at the start of every choice (the journal is cleared then).
  int64_t count_queued_bytes() const;
  // What one entity adds: its record and its place in a zone.
  static constexpr int64_t kEntityBytes = sizeof(Entity) + sizeof(EntityId);

  // Everything that decides how the game goes on; journal, prompts and labels
  // (presentation) are left out, so playouts and played games hash alike.
  uint64_t hash() const;
  // The same without how the game got here (the dice's state, the count of
  // choices): equal for a position reached again, e.g. by undoing a free
  // action. Search agents use it to notice cycles.
  uint64_t position_hash() const;
  const Entity* entity(EntityId id) const;
  Entity* entity(EntityId id);
  // The entity a kernel value names (an integer id, checked whole, never cut
  // to EntityId first), or null.
  const Entity* entity_of(const Value& id) const;
  const Decision* pending_for(int seat) const;
  // Where the cell of (entity, prop) is or would go in `props`; with prop 0,
  // the entity's first cell.
  size_t prop_at(EntityId id, int32_t prop) const;
  bool revealed_to(EntityId id, int seat) const;
  void reveal(EntityId id, int seat);
  void forget_reveals(EntityId id);  // the entity moved: what was revealed of it is void

 private:
  uint64_t hash_of(bool history) const;
  Dict vars_;
  uint64_t tables_version_ = 0;
  StateTag tag_;
};

}  // namespace tabula
