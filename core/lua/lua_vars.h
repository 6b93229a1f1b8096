// Game variables as live Lua tables. tabula.var(name) of a table returns a
// table that reads like any Lua table (no copy, no call into the kernel per
// read) and whose assignments go straight through to the kernel's value, so
// the state stays the one truth and a script keeps nothing
// (docs/lua-api.md, "Variables"). Parameters that hold tables come back as
// read-only tables.
//
// A live table is an empty proxy whose metatable reads from a data table
// (__index) and routes every assignment to the kernel (__newindex). The
// host builds it once per copy of a state and keeps it while the variable is
// not replaced from outside, so a board read every move is built once a game.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/state/value.h"

struct lua_State;

namespace tabula {

struct State;

class LiveTables {
 public:
  // Sets up the registry entries; the sandbox's sorted pairs() is at the top
  // of the stack and is popped.
  explicit LiveTables(lua_State* L);
  ~LiveTables();

  // Pushes tabula.var(name) for the string at stack index `name`: a live
  // table for a table value, else the value itself.
  void push_var(lua_State* L, State& s, int name);
  // Pushes a read-only table of `v` (a parameter: never changes).
  void push_frozen(lua_State* L, const Value& v);
  // Drops the tables built for another state (or an earlier layout of this
  // one's variables), so that their memory goes back before `s` runs: a
  // rolled-back choice or a finished game leaves nothing on the account.
  void follow(lua_State* L, const State& s);
  // Variable `name` (at stack index `name`) was just replaced by set_var,
  // which moved the state's tables version on from `before`: only its own
  // tables go stale, not every variable's (a game that replaces a small
  // table each turn would rebuild its large ones each turn).
  void replaced(lua_State* L, const State& s, int name, uint64_t before);

  // Whether the value at `idx` is a live or read-only table of the kernel.
  static bool is_kernel_table(lua_State* L, int idx);
  // The value a live or read-only table shows (a copy).
  static Value value_of(lua_State* L, int idx);
  // Pushes the plain table a live or read-only table reads from (for raw
  // iteration by the kernel; scripts never see it).
  static void push_data(lua_State* L, int idx);
  // An estimate of the heap the bookkeeping of the live tables takes, for
  // the memory cap (LuaHost::kernel_bytes).
  int64_t bytes() const { return bytes_; }

 private:
  struct Node;
  void reset(lua_State* L, const State& s);
  void push_table(lua_State* L, const Value& v, Node* node);
  Node* new_node(Node* parent, const Value& key);
  int assign(lua_State* L);
  static int newindex(lua_State* L);

  uint64_t tag_ = 0, version_ = 0;  // the state copy and variable layout the cache shows
  int64_t epoch_ = 0;               // bumped on every reset: older tables are stale
  int vars_ref_ = 0;                // registry: name -> proxy
  int meta_ref_ = 0;                // registry: the shared metamethods
  std::vector<std::unique_ptr<Node>> nodes_;
  int64_t bytes_ = 0;
  size_t dead_ = 0;  // nodes of replaced variables still in nodes_
};

}  // namespace tabula
