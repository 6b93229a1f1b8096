// The sandboxed Lua 5.4 interpreter that runs pack scripts. It holds code
// only: every call gets the state through the Engine, and nothing a script
// keeps between calls can reach the game. Each call runs under an
// instruction budget; the whole host under a memory cap.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/value.h"

struct lua_State;
struct lua_Debug;

namespace tabula {

class Engine;
struct PackSet;
struct State;
struct Limits;

class LuaHost {
 public:
  LuaHost(Engine& engine, const PackSet& packs, const Limits& limits);
  ~LuaHost();
  LuaHost(const LuaHost&) = delete;
  LuaHost& operator=(const LuaHost&) = delete;

  // Loads every module the packs name; throws ScriptError on the first failure.
  void load_all();
  bool has_function(const std::string& module, const std::string& path) const;
  // Names of the functions in table `table` of a module (e.g. "on", "modify"), sorted.
  std::vector<std::string> table_keys(const std::string& module, const std::string& table) const;
  // Calls module[path](ctx) with `state` as the current state. Throws ScriptError.
  Value call(State& state, const std::string& module, const std::string& path, const Value& ctx,
             int64_t entity, const std::string& what);

  State* state() const { return state_; }
  Engine& engine() const { return engine_; }
  const std::string& current_module() const { return module_; }
  int64_t current_entity() const { return entity_; }
  size_t memory_used() const { return memory_used_; }
  size_t memory_limit() const { return memory_limit_; }
  int64_t instruction_budget() const { return budget_; }
  int64_t instructions_used() const { return used_; }
  // The running call has spent its budget or been refused memory: it must
  // fail, and the sandbox's pcall, xpcall and coroutine.resume pass the error on.
  bool out_of_limits() const { return used_ > budget_ || memory_refused_; }

  // Conversions between Lua values and kernel values (integers only).
  static void push_value(lua_State* L, const Value& v);
  static Value to_value(lua_State* L, int index);  // raises a Lua error on unsupported types

 private:
  static void* alloc(void* ud, void* ptr, size_t osize, size_t nsize);
  static void count_hook(lua_State* L, ::lua_Debug* ar);
  void open_sandbox();
  void load_module(const std::string& key);
  bool push_function(const std::string& module, const std::string& path) const;

  Engine& engine_;
  const PackSet& packs_;
  lua_State* L_ = nullptr;
  size_t memory_used_ = 0;
  size_t memory_limit_ = 0;
  int64_t budget_ = 0;
  int64_t used_ = 0;
  bool memory_refused_ = false;
  int depth_ = 0;
  State* state_ = nullptr;
  std::string module_;
  int64_t entity_ = -1;
  friend int lua_require(lua_State* L);
};

// Registers the `tabula` table (lua_api.cpp).
void register_api(lua_State* L);
// Names of every function in the `tabula` table, for the docs test.
std::vector<std::string> api_function_names();

}  // namespace tabula
