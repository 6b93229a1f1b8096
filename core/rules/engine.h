// The kernel's public API: load packs once, then create states and advance
// them only by applying choices. Everything a player, an agent, a test, a
// tool or a replay does goes through it; the operations scripts use live
// behind it, in the Kernel (core/rules/kernel.h).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/pack/graph.h"
#include "core/pack/pack.h"
#include "core/rules/engine_types.h"
#include "core/state/state.h"

namespace tabula {

class Kernel;

class Engine {
 public:
  explicit Engine(std::unique_ptr<PackSet> packs, Limits limits = {});  // throws ScriptError if a script fails to load
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  const PackSet& packs() const;
  const GraphIndex& graphs() const;

  // --- a game: blank (seats and zones), then started at the flow's root or
  // at a place inside it (docs/architecture.md, "Starting mid-flow").
  State blank_state(uint64_t seed, int seats, Dict options = {}) const;
  void start(State& s, Mode mode = Mode::Play);
  State new_game(uint64_t seed, int seats, Dict options = {}, Mode mode = Mode::Play);
  void start_at(State& s, const std::vector<FlowPlace>& path, Mode mode = Mode::Play);

  // --- choosing: one open decision per seat that must choose now. An illegal
  // choice changes nothing; a failed one is rolled back in Mode::Play.
  const std::vector<Decision>& decisions(const State& s) const { return s.pending; }
  ApplyResult apply(State& s, int seat, std::string_view option_id, Mode mode = Mode::Play);  // "a,c" for a set
  ApplyResult apply_index(State& s, int seat, size_t option, Mode mode = Mode::Play);
  ApplyResult apply_subset(State& s, int seat, const std::vector<size_t>& indices, Mode mode = Mode::Play);
  bool has_score() const;          // the pack rates states ([pack] score)
  int64_t score(State& s, int seat);  // higher is better for `seat`
  // Another rating of the packs (a bot's, by function_id; -1: score), asked like score.
  int64_t rate(State& s, int seat, int32_t fn);
  // How many rounds the game lasted, by the pack's [pack] rounds; -1 when
  // it names no such function. Throws ScriptError when the function fails.
  int64_t rounds(State& s);
  // A policy's integer per option of `d`, for d.seat (Kernel::rank).
  void rank(State& s, const Decision& d, int32_t fn, std::vector<int64_t>& out);

  // --- seeing and reading, for one reader: a seat (from 0), the onlooker
  // (-1), or kAllSeeing (the game's own log and tools). Nothing a reader may
  // not know is shown or named.
  static constexpr int kAllSeeing = -2;
  std::string view_json(const State& s, int seat, std::string_view lang = "en") const;
  std::string render(const State& s, const TextRef& t, std::string_view lang, int reader) const;
  std::string render_line(const State& s, const JournalLine& l, std::string_view lang, int reader) const;
  // Which rule, card and layer wrote the line, as far as `reader` may know.
  LineCause cause(const State& s, const JournalLine& l, std::string_view lang, int reader) const;
  std::string prompt(const State& s, const Decision& d, std::string_view lang, int reader) const;
  std::string label(const State& s, const Decision& d, const Option& o, std::string_view lang = "en") const;
  std::string label(const State& s, const Decision& d, const Option& o, std::string_view lang, int reader) const;

  // --- names: how tools and files speak of ids.
  const std::string& def_name(const State& s, EntityId id) const;
  std::string zone_name(const State& s, int zone) const;        // "deck", or "hand@2" (seat from 1)
  int zone_index(const State& s, std::string_view name) const;  // the inverse; -1 if none
  int zone_of_def(const State& s, std::string_view zone_def, int seat) const;  // throws if unknown
  std::string function_name(int32_t fn) const;                  // "pack/file.lua:path"
  int32_t function_id(const std::string& module, std::string_view path) const;
  const std::string& node_id(int index) const;   // a flow node's name
  int node_index(std::string_view id) const;     // the inverse; -1 if none

  // --- setting a state up, for scenarios, tests and tools.
  EntityId create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner = -2);
  void move_entity(State& s, EntityId id, int zone, int position = -1);  // -1 = back
  const Value& prop(const State& s, EntityId id, std::string_view key) const;  // nil for an unknown name
  void set_prop(State& s, EntityId id, std::string_view key, Value v);        // throws if undeclared
  void shuffle_zone(State& s, int zone);
  void reveal(State& s, EntityId id, int seat);  // until it moves or its zone is shuffled
  bool known(const State& s, EntityId id, int seat) const;              // the seat's view shows it
  bool sees_items(const State& s, int zone, int seat) const;            // the zone's items, by its visibility

  // --- hooks for tests, tools and solvers; unused, each costs a test.
  void pause_at(int node, FlowEdge edge = FlowEdge::Entered);  // stop runs there; -1: never
  bool paused() const;                                         // the last run stopped there
  ApplyResult resume(State& s, Mode mode = Mode::Play);        // run on from such a stop
  void record_events(std::vector<std::string>* out);           // every event's name
  void force_chance(ForcedChance* chance);                     // chance decided in advance
  void record_chance(std::vector<ChanceEvent>* out);           // every chance event drawn
  void record_arrivals(std::vector<Arrival>* out);             // every entity entering a zone
  void watch_log(std::function<void(const State&)> fn);        // called per journal line

  // The kernel's own operations (core/rules/kernel.h), for the rules, the
  // Lua binding and code that inspects them.
  Kernel& kernel() { return *kernel_; }
  const Kernel& kernel() const { return *kernel_; }

 private:
  std::unique_ptr<Kernel> kernel_;
};

}  // namespace tabula
