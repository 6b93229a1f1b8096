// The kernel behind the public Engine (core/rules/engine.h): the state's
// operations that the rules and the Lua binding use (entities, zones,
// damage, events, decisions, scheduling), the run loop and the flow. Only
// rules/, lua/ and code that inspects the kernel itself include it.
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/pack/graph.h"
#include "core/pack/pack.h"
#include "core/state/kernel_error.h"
#include "core/rules/engine.h"
#include "core/state/state.h"

namespace tabula {

class LuaHost;

struct DamageResult {
  int64_t dealt = 0;
  int64_t prevented = 0;
  bool knocked_out = false;
};

class Kernel {
 public:
  explicit Kernel(std::unique_ptr<PackSet> packs, Limits limits = {});  // throws ScriptError if a script fails to load
  ~Kernel();
  Kernel(const Kernel&) = delete;
  Kernel& operator=(const Kernel&) = delete;

  const PackSet& packs() const { return *packs_; }
  const GraphIndex& graphs() const { return graphs_; }
  // The zone definition a graph node is (its graph has zones = true), or -1.
  int32_t node_zone_def(int32_t node) const { return node_zone_defs_[static_cast<size_t>(node)]; }

  // A state with seats and zones but nothing run yet; `start` runs the flow
  // from its root to the first decision (throws ScriptError).
  State blank_state(uint64_t seed, int seats, Dict options = {}) const;
  void start(State& s, Mode mode = Mode::Play);
  State new_game(uint64_t seed, int seats, Dict options = {}, Mode mode = Mode::Play);
  // Starts the flow at a place inside it instead of at its root, for a game
  // set up as it stands there (docs/architecture.md, "Starting mid-flow").
  // `path` names nodes from the root, each a step of the one before; the
  // hooks of the part skipped do not run. Throws FlowPathError for a path
  // that names no place, and ScriptError as start() does.
  void start_at(State& s, const std::vector<FlowPlace>& path, Mode mode = Mode::Play);

  // A hook for tests and tools: runs (start, apply, resume) stop between
  // flow steps once `node` has been entered (its begin hook and the work it
  // scheduled have run) or finished (likewise its finish hook); -1: never.
  // paused() tells whether the last run stopped there rather than at a
  // decision or the end; resume() runs on from such a stop, like apply()
  // without a choice. Unused, it costs a comparison per node entered or left
  // and a flag's test per flow step.
  void pause_at(int node, FlowEdge edge = FlowEdge::Entered);
  bool paused() const { return paused_; }
  ApplyResult resume(State& s, Mode mode = Mode::Play);
  // A hook for tests and tools: the name of every event emitted (by
  // tabula.emit or the kernel's own) is appended to `out`, listened to or
  // not; null stops recording.
  void record_events(std::vector<std::string>* out) { events_out_ = out; }
  // A hook for tests and solvers: chance events, shuffles and scripts'
  // random draws ask `chance` first (null: never). Unused, it costs a
  // pointer's test per draw and shuffle.
  void force_chance(ForcedChance* chance) { forced_ = chance; }
  ForcedChance* forced_chance() const { return forced_; }
  // A hook for solvers, tools and logs: every chance event drawn
  // (tabula.chance) is appended to `out` with its outcomes, weights and the
  // outcome drawn; null stops. Unset (and no force_chance), an event is
  // drawn without being built as data.
  void record_chance(std::vector<ChanceEvent>* out) { chances_out_ = out; }
  std::vector<ChanceEvent>* chance_recorder() const { return chances_out_; }
  // A hook for tools: every entity that enters a zone (created there or
  // moved) is appended to `out`; null stops. Unset, it costs a test per move.
  void record_arrivals(std::vector<Arrival>* out) { arrivals_out_ = out; }
  std::vector<Arrival>* arrival_recorder() const { return arrivals_out_; }
  // A hook for tests and tools: called with the state as it stands each time
  // a journal line is written (Mode::Play only; the line is the journal's
  // last), so a check can judge the line by what each seat could see then.
  // Empty stops it; unset, it costs a test per line written.
  void watch_log(std::function<void(const State&)> fn) { log_watch_ = std::move(fn); }

  // The open decisions: one per seat that must choose now (several at once
  // for simultaneous choices).
  const std::vector<Decision>& decisions(const State& s) const { return s.pending; }
  // Applies one seat's choice, by option id or by its index in the seat's
  // decision. An illegal choice is rejected and changes nothing; a script
  // error changes nothing in Mode::Play.
  ApplyResult apply(State& s, int seat, std::string_view option_id, Mode mode = Mode::Play);
  ApplyResult apply_index(State& s, int seat, size_t option, Mode mode = Mode::Play);
  // A subset decision's answer: option indices in any order (core/rules/subset.h
  // counts, ranks and visits the legal sets). apply() takes the same set as
  // one string, "a,c" or "-" for none. Sizes out of bounds and repeated
  // options are rejected.
  ApplyResult apply_subset(State& s, int seat, const std::vector<size_t>& indices, Mode mode = Mode::Play);

  // Texts for people (text.h), rendered for one reader: a seat (from 0), the
  // onlooker (-1), or kAllSeeing (the game's own log, checks and tools that
  // see the whole state). An entity the reader may not know is never named:
  // its slots show "(hidden)"; a journal line names what the reader knew when
  // it was written.
  static constexpr int kAllSeeing = Engine::kAllSeeing;
  std::string render(const State& s, const TextRef& t, std::string_view lang, int reader) const;
  std::string render_line(const State& s, const JournalLine& l, std::string_view lang, int reader) const;
  std::string prompt(const State& s, const Decision& d, std::string_view lang, int reader) const;
  // An option's label, as its deciding seat reads it, or as `reader` does
  // (who hears which option was taken).
  std::string label(const State& s, const Decision& d, const Option& o, std::string_view lang = "en") const;
  std::string label(const State& s, const Decision& d, const Option& o, std::string_view lang, int reader) const;

  // --- names: how tools and files speak of ids ---------------------------
  const std::string& def_name(const State& s, EntityId id) const;
  std::string zone_name(const State& s, int zone) const;  // "deck", or "hand@2" (seat from 1)
  int zone_index(const State& s, std::string_view name) const;  // the inverse; -1 if none
  int zone_of_def(const State& s, std::string_view zone_def, int seat) const;  // throws if unknown
  std::string function_name(int32_t fn) const;  // "pack/file.lua:path"
  int32_t function_id(const std::string& module, std::string_view path) const;

  // --- kernel operations -------------------------------------------------
  EntityId create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner = -2);
  EntityId create_entity(State& s, int32_t def, int zone, int owner);
  void move_entity(State& s, EntityId id, int zone, int position = -1);  // -1 = back
  const Value& prop(const State& s, EntityId id, int32_t prop) const;
  const Value& prop(const State& s, EntityId id, std::string_view key) const;  // nil for an unknown name
  void set_prop(State& s, EntityId id, int32_t prop, Value v);
  void set_prop(State& s, EntityId id, std::string_view key, Value v);  // throws for an undeclared property
  void shuffle_zone(State& s, int zone);
  // Lets `seat` see the entity until it moves or its zone is shuffled;
  // known(): whether the seat's view shows the entity (its zone's visibility,
  // its face, a reveal). Seat -1 is an onlooker (core/rules/visibility.cpp).
  void reveal(State& s, EntityId id, int seat);
  bool known(const State& s, EntityId id, int seat) const;
  bool sees_items(const State& s, int zone, int seat) const;  // the zone's items, by its visibility
  uint64_t random_below(State& s, uint64_t n);
  // Whether a chance event must be built as data for draw_chance (a recorder
  // or a forcer is set); else the caller draws random_below(total weight)
  // and maps the draw with chance_outcome, building nothing.
  bool chance_watched() const { return chances_out_ || forced_; }
  // Draws `e` (forced, else random_below(total weight)), records it and
  // returns the index of its outcome (core/search/chance.cpp).
  size_t draw_chance(State& s, ChanceEvent& e);
  // The outcome a draw in [0, total weight) gives: the first i whose
  // weights up to it exceed the draw; weights[i] of the draws give outcome i.
  static size_t chance_outcome(const std::vector<int64_t>& weights, uint64_t draw);
  void log(State& s, TextRef text, int seat = -1);
  bool quiet() const { return mode_ == Mode::Playout; }  // texts are not kept

  DamageResult damage(State& s, EntityId target, int64_t amount, const Value& info);
  int64_t heal(State& s, EntityId target, int64_t amount, const Value& info);
  void knock_out(State& s, EntityId target, const Value& info);
  // The running fight's sides still standing (empty outside a fight), and
  // the name of its current stage (null when its body has no stages).
  const std::vector<EntityId>& defenders(const State& s) const;
  const std::vector<EntityId>& attackers(const State& s) const;
  const std::string* stage_name(const State& s) const;

  void decide(State& s, Decision&& d);
  // Removes `seat`'s open decision (scheduling its on_withdraw); false if it
  // has none.
  bool withdraw(State& s, int seat);
  // The seat group named `name` ([seats.groups]), or null.
  const SeatGroup* seat_group(std::string_view name) const { return packs_->seats.group(name); }
  void schedule(State& s, Call c);
  void emit(State& s, std::string_view event, const Value& args);
  // Runs every `modify.<channel>` listener in event order, each receiving
  // the amount so far; returns the final amount (never below 0).
  int64_t modify(State& s, std::string_view channel, int64_t amount, const Value& ctx);
  // Calls every `extend.<point>` listener in event order, in query mode,
  // with ctx.args = args; `each` runs after each call, while the listener's
  // result is on the Lua stack (tabula.collect gathers it there).
  void collect(State& s, std::string_view point, const Value& args, const std::function<void()>& each);
  // Runs a declared flow node (e.g. a combat pipeline) as a sub-flow: it
  // starts once the work already scheduled is done, and the flow then
  // resumes where it was. `args` reach its hooks as ctx.args; a fight
  // node takes its sides from them ({defenders = {...}, attackers = {...}}).
  void start_node(State& s, std::string_view node, Value args = {});
  int current_seat(const State& s) const;
  // The pack's rating of `s` for `seat` ([pack] score, run as a query), for
  // agents that search: higher is better. Only when has_score().
  bool has_score() const { return score_fn_ >= 0; }
  int64_t score(State& s, int seat) { return rate(s, seat, score_fn_); }
  // Any rating function of the packs (a bot's rating, by its function id;
  // -1: the pack's score), called the way score is: a query with
  // ctx.args.seat, returning an integer.
  int64_t rate(State& s, int seat, int32_t fn);
  // A policy bot's ranking of `d`'s options for `seat` (docs/packs.md,
  // "[bots]"): fn is called as a query with ctx.args.seat and
  // ctx.args.options ({id, entity} per option, in order) and returns one
  // integer per option, higher is better; anything else is a ScriptError.
  void rank(State& s, int seat, int32_t fn, const Decision& d, std::vector<int64_t>& out);
  // The pack's own resampling of a determinized state for `seat` ([pack]
  // determinize, run as a query; core/rules/infoset.h). Only when has_determinize_hook().
  bool has_determinize_hook() const { return determinize_fn_ >= 0; }
  int32_t rounds_fn() const { return rounds_fn_; }  // [pack] rounds; -1: none
  // For determinization: each zone definition's unseen pool and each entity
  // definition's class (its kind and the values on its back, [kinds.X]
  // back), as small numbers (equal names, equal numbers).
  // A pool made only of per-seat zones keeps each seat's entities apart
  // (pool_by_seat, per zone definition).
  const std::vector<int32_t>& zone_pools() const { return zone_pools_; }
  const std::vector<uint8_t>& pool_by_seat() const { return pool_by_seat_; }
  const std::vector<int32_t>& def_classes() const { return def_classes_; }
  void determinize_hook(State& s, int seat);
  void finish_game(State& s, Value result, TextRef text = {});

  // Called by the Lua host and flow; public for lua_api.cpp.
  // `set`: the chosen options of a subset decision (ctx.choice is their list).
  void invoke(State& s, const Call& c, const Option* choice, const std::vector<const Option*>* set = nullptr);
  bool query(State& s, int32_t fn, CallKind kind, int32_t detail, const Value* args = nullptr);
  const std::string& node_id(int index) const { return node_ids_[index]; }
  int node_index(std::string_view id) const;
  LuaHost& host() { return *host_; }
  std::string call_label(const Call& c) const;  // "flow setup", "choice", ... for errors

 private:
  struct Transaction;
  struct NodeFns {
    int32_t hook = -1, begin = -1, finish = -1, until = -1, skip_if = -1;
    const SeatGroup* group = nullptr;  // each_seat over this group only
    std::vector<int32_t> stages;  // the node's own stages
  };
  // How the entities of one kind fight (pack.h KindDef, defaults from [combat]).
  struct KindFight {
    int32_t hp = -1, damage = -1;  // property ids; -1: the kind does not declare it
    int32_t knocked_out_to = -1;   // zone definition, or -1: stays where it is
    bool reset_damage = true;
  };
  struct Listeners {
    std::vector<int32_t> rules;    // functions of rule modules, in module-key order
    std::vector<int32_t> by_def;   // per definition: its module's function, or -1
    bool any_entity = false;
    // How entities are found (listen_in, core/rules/listen_scope.cpp): every
    // entity in play; every entity in play, checked against its scope; or,
    // when every listening definition is scoped, only the entities in the
    // zones of `zone_defs`.
    enum class Scan : uint8_t { All, Checked, Zones } scan = Scan::All;
    std::vector<int32_t> zone_defs;
  };
  void resolve_functions();
  void check_script_state();
  void run_on(State& s);
  ApplyResult roll_back(State& s, Mode mode, const std::exception& e);
  bool scripts_checked_ = false;  // a game ended with the scripts as loaded, and none has started since
  void run(State& s);
  void run_started(State& s);
  void advance_flow(State& s);
  void push_path(State& s, const std::vector<FlowPlace>& path);
  int seat_pos_of(const State& s, int node, int seat) const;
  void note_event(std::string_view name) {
    if (events_out_) events_out_->emplace_back(name);
  }
  void enter_unit(State& s);
  int body_length(const FlowNode& n) const;
  void defeat(State& s, const Value& info);
  // fight.cpp
  void resolve_fight_kinds();
  const KindFight& kind_fight(const State& s, EntityId id) const;
  void open_fight(State& s, int node);
  void check_sides(const State& s, int node, const Value& args) const;
  bool leave_sides(State& s, EntityId id, bool was_defender);
  const Listeners* listeners(std::string_view slot) const;
  template <class F>
  void for_each_listener(const State& s, const Listeners& l, F&& fn) const;
  void index_scopes();
  bool listens(const State& s, const Entity& e) const {
    return e.zone >= 0 && listens_[static_cast<size_t>(e.def) * packs_->zones.size() + s.zones[e.zone].def];
  }
  // The ids of the entities in play that listen to `l` (Scan::Zones), in
  // ascending order, in a buffer of scoped_ids_ that the caller releases.
  std::vector<EntityId>& scoped_listeners(const State& s, const Listeners& l) const;
  void flush_scheduled(State& s);
  void emit_to(State& s, const Listeners* l, const Value& args);
  int64_t modify_with(State& s, const Listeners* l, int64_t amount, const Value& ctx);
  ApplyResult apply_at(State& s, size_t decision, size_t option, Mode mode, const std::vector<size_t>* set = nullptr);
  void drain(State& s, size_t floor);
  void refresh(State& s, int seat);
  void check_options(const Decision& d) const;
  int loop_seats(int node, int seats) const;  // units of one iteration of an each_seat node
  int loop_seat(const FlowFrame& f, int seats) const;

  std::unique_ptr<PackSet> packs_;
  std::unique_ptr<LuaHost> host_;
  std::vector<std::string> node_ids_;
  std::vector<const FlowNode*> nodes_;  // by node index
  std::vector<NodeFns> node_fns_;
  std::vector<int32_t> stage_fns_;
  int32_t score_fn_ = -1;
  int32_t determinize_fn_ = -1;
  int32_t rounds_fn_ = -1;
  std::vector<int32_t> zone_pools_, def_classes_;
  std::vector<uint8_t> pool_by_seat_;
  std::vector<int32_t> node_zone_defs_;
  std::vector<std::pair<std::string, Listeners>> slots_;  // "on.x" / "modify.x", sorted
  const Listeners* on_damaged_ = nullptr;
  const Listeners* on_healed_ = nullptr;
  const Listeners* on_knocked_out_ = nullptr;
  const Listeners* on_defeated_ = nullptr;
  const Listeners* modify_damage_ = nullptr;
  const Listeners* modify_heal_ = nullptr;
  int32_t prop_hp_ = -1, prop_damage_ = -1;
  // listens_[def * zone definitions + zone definition]: whether an entity of
  // the definition listens in such a zone (all 1 for one not scoped).
  std::vector<uint8_t> listens_;
  // Buffers for scoped_listeners, one per nesting level (a modifier may run
  // another channel).
  mutable std::deque<std::vector<EntityId>> scoped_ids_;  // a deque: a nested level keeps the outer one's place
  mutable size_t scoped_depth_ = 0;
  std::vector<KindFight> kind_fight_;  // by kind index
  GraphIndex graphs_;
  // Calls scheduled by the running script, pushed when it returns so that
  // they run in the order they were made.
  std::vector<Call> scheduled_;
  bool query_mode_ = false;
  uint64_t opened_ = 0;  // decisions opened so far: tells a choice's work whether it asked something
  Mode mode_ = Mode::Play;
  State backup_;  // Mode::Play: the state before the choice being applied
  // pause_at: the node and edge to stop at, whether it was reached in this
  // run (the stop waits for the work scheduled there), and whether the last
  // run stopped there.
  int pause_node_ = -1;
  FlowEdge pause_edge_ = FlowEdge::Entered;
  bool pause_hit_ = false, paused_ = false;
  std::vector<std::string>* events_out_ = nullptr;
  ForcedChance* forced_ = nullptr;
  std::vector<ChanceEvent>* chances_out_ = nullptr;
  std::vector<Arrival>* arrivals_out_ = nullptr;
  std::function<void(const State&)> log_watch_;
};

}  // namespace tabula
