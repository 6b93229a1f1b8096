// The kernel's public API: load packs once, then create states and advance
// them only by applying choices. Everything a player, an AI, a test or a
// replay does goes through new_game / decisions / apply / view.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/pack.h"
#include "core/state.h"

namespace tabula {

class LuaHost;

// A script failed: the action that ran it is rolled back.
struct ScriptError : std::runtime_error {
  std::string pack, where, entity, hook, message;
  ScriptError(std::string pack, std::string where, std::string entity, std::string hook, std::string message);
};

struct Limits {
  int64_t instructions = 20'000'000;  // per top-level script call
  size_t memory = 64u << 20;          // bytes for the whole script host
};

struct ApplyResult {
  bool ok = true;
  std::string error;  // why the choice was rejected or rolled back
};

// What a script may do to a state. Lua scripts reach these through the
// `tabula` table (docs/lua-api.md); C++ callers such as scenario setup use
// them directly.
struct DamageResult {
  int64_t dealt = 0;
  int64_t prevented = 0;
  bool knocked_out = false;
};

class Engine {
 public:
  explicit Engine(std::unique_ptr<PackSet> packs, Limits limits = {});  // throws ScriptError if a script fails to load
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  const PackSet& packs() const { return *packs_; }

  // A state with seats and zones but nothing run yet; `start` runs the flow
  // from its root to the first decision (throws ScriptError).
  State blank_state(uint64_t seed, int seats, Dict options = {}) const;
  void start(State& s);
  State new_game(uint64_t seed, int seats, Dict options = {});

  // The open decisions: one per seat that must choose now (several at once
  // for simultaneous choices).
  const std::vector<Decision>& decisions(const State& s) const { return s.pending; }
  // Applies one seat's choice. An illegal choice or a script error leaves
  // the state exactly as it was and says why.
  ApplyResult apply(State& s, int seat, std::string_view option_id);

  // JSON of what `seat` may see (-1: an onlooker who sees only public facts).
  std::string view_json(const State& s, int seat) const;

  // --- kernel operations -------------------------------------------------
  EntityId create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner = -2);
  void move_entity(State& s, EntityId id, int zone, int position = -1);  // -1 = back
  const Value& prop(const State& s, EntityId id, std::string_view key) const;
  void set_prop(State& s, EntityId id, std::string_view key, Value v);
  int zone_of_def(const State& s, std::string_view zone_def, int seat) const;  // throws if unknown
  void shuffle_zone(State& s, int zone);
  uint64_t random_below(State& s, uint64_t n);
  void log(State& s, std::string text, int seat = -1);

  DamageResult damage(State& s, EntityId target, int64_t amount, const Value& info);
  int64_t heal(State& s, EntityId target, int64_t amount, const Value& info);
  void knock_out(State& s, EntityId target, const Value& info);
  std::vector<EntityId> defenders(const State& s) const;

  void decide(State& s, Decision d);
  void schedule(State& s, Call c);
  void emit(State& s, std::string_view event, const Value& args);
  // Runs every `modify.<channel>` listener in event order, each receiving
  // the amount so far; returns the final amount (never below 0).
  int64_t modify(State& s, std::string_view channel, int64_t amount, Value ctx);
  // Runs a declared flow node (e.g. a combat pipeline) as a sub-flow: it
  // starts once the work already scheduled is done, and the flow then
  // resumes where it was.
  void start_node(State& s, std::string_view node);
  int current_seat(const State& s) const;
  void finish_game(State& s, Value result);

  // Called by the Lua host and flow; public for lua_api.cpp.
  Value invoke(State& s, const Call& c, const Value& choice);
  bool query(State& s, const std::string& module, const std::string& fn);
  const std::string& node_id(int index) const { return node_ids_[index]; }
  int node_index(std::string_view id) const;
  LuaHost& host() { return *host_; }

 private:
  void run(State& s);
  void advance_flow(State& s);
  void enter_unit(State& s);
  int body_length(const FlowNode& n) const;
  void defeat(State& s, const Value& info);
  Value hook_context(const State& s, const Value& args, EntityId entity, const Value& choice) const;
  void for_each_listener(const State& s, const std::string& slot,
                         const std::function<void(const std::string&, EntityId)>& fn) const;
  void flush_scheduled(State& s);

  std::unique_ptr<PackSet> packs_;
  std::unique_ptr<LuaHost> host_;
  std::vector<std::string> node_ids_;
  std::map<std::string, std::vector<std::string>> rule_listeners_;  // "on.x"/"modify.x" -> modules
  std::map<std::string, std::set<std::string>> entity_listeners_;   // "on.x"/"modify.x" -> entity modules
  // Calls scheduled by the running script, pushed when it returns so that
  // they run in the order they were made.
  std::vector<Call> scheduled_;
  bool query_mode_ = false;
};

}  // namespace tabula
