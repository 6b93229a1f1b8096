#include "core/lua/lua_vars.h"

#include <lua.hpp>

#include <algorithm>
#include <string_view>

#include "core/lua/lua_host.h"
#include "core/state/state.h"

namespace tabula {

// Where a live table sits: the variable it belongs to and the key path in it.
struct LiveTables::Node {
  Node* parent = nullptr;  // null for the variable itself
  std::string root;        // the variable's name (roots only)
  Value key;               // the key in the parent (an integer or a string)
  bool alive = true;       // false once its place was assigned anew
  std::vector<Node*> children;
};

namespace {

// A read-only table's node: no script can make a light userdata, so this
// (or a node) in slot 1 of a metatable marks a kernel table.
char kFrozen;

// Slots of a kernel table's metatable, beside its metamethods.
enum Slot : int { kNode = 1, kData = 2, kEpoch = 3, kKeys = 4 };
// Slots of the shared metamethods table.
enum Meta : int { kNewindex = 1, kLen, kPairs, kSortedPairs, kReadOnly };

int live_len(lua_State* L) {
  lua_getmetatable(L, 1);
  lua_rawgeti(L, -1, kData);
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, -1)));
  return 1;
}

// One step of pairs() over a kernel table. Upvalues: the sorted keys, the
// data table, the position. Like the sandbox's pairs, the keys are those of
// the start and the values are read as the loop reaches them.
int live_next(lua_State* L) {
  const lua_Integer i = lua_tointeger(L, lua_upvalueindex(3)) + 1;
  lua_pushinteger(L, i);
  lua_replace(L, lua_upvalueindex(3));
  if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL) return 1;
  lua_pushvalue(L, -1);
  lua_rawget(L, lua_upvalueindex(2));
  return 2;
}

// The keys of the data table at `data` in the sandbox's pairs order
// (numbers, then strings, each ascending; a kernel table has no others),
// as a new list; false when a key of another type is there.
bool push_sorted_keys(lua_State* L, int data) {
  struct Key {
    bool text;
    lua_Integer n;
    std::string_view s;
    int at;  // place in the unsorted list
  };
  std::vector<Key> keys;
  lua_newtable(L);  // the keys as next() gives them: anchors nothing new, the data holds them
  const int raw = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, data)) {
    lua_pop(L, 1);
    Key k{false, 0, {}, static_cast<int>(keys.size()) + 1};
    if (lua_isinteger(L, -1)) {
      k.n = lua_tointeger(L, -1);
    } else if (lua_type(L, -1) == LUA_TSTRING) {
      size_t n = 0;
      const char* p = lua_tolstring(L, -1, &n);
      k.text = true;
      k.s = std::string_view(p, n);
    } else {
      lua_pop(L, 2);
      return false;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, raw, k.at);
    keys.push_back(k);
  }
  std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
    if (a.text != b.text) return b.text;
    return a.text ? a.s < b.s : a.n < b.n;  // bytewise, as Lua compares strings in the C locale
  });
  lua_createtable(L, static_cast<int>(keys.size()), 0);
  for (size_t i = 0; i < keys.size(); ++i) {
    lua_rawgeti(L, raw, keys[i].at);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_remove(L, raw);
  return true;
}

// pairs() over a kernel table: its data in the sandbox's sorted order, with
// the proxy as the iteration's state, so that no script gets hold of the
// data table behind it. The sorted keys are kept in the metatable until an
// assignment changes the table.
int live_pairs(lua_State* L) {
  lua_getmetatable(L, 1);
  const int M = lua_gettop(L);
  lua_rawgeti(L, M, kData);
  const int D = lua_gettop(L);
  if (lua_rawgeti(L, M, kKeys) != LUA_TTABLE) {
    lua_pop(L, 1);
    if (!push_sorted_keys(L, D)) {  // not a kernel table's keys: the sandbox's pairs says why
      lua_pushvalue(L, lua_upvalueindex(1));
      lua_pushvalue(L, D);
      lua_call(L, 1, 1);
      lua_pushvalue(L, 1);
      lua_pushnil(L);
      return 3;
    }
    lua_pushvalue(L, -1);
    lua_rawseti(L, M, kKeys);
  }
  lua_pushvalue(L, D);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, live_next, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

int read_only(lua_State* L) { return luaL_error(L, "parameters are read-only (a layer changes them in [params])"); }

int stale(lua_State* L) {
  return luaL_error(L, "this table was read before its variable changed (or in an earlier call): read the variable again");
}

// The whole string at idx: a key with a NUL byte is not the key before it.
std::string_view string_key(lua_State* L, int idx) {
  size_t n = 0;
  const char* s = lua_tolstring(L, idx, &n);
  return {s, n};
}

bool same_key(const Value& k, lua_State* L, int idx) {
  if (k.is_int()) return lua_isinteger(L, idx) && lua_tointeger(L, idx) == k.as_int();
  size_t n = 0;
  const char* s = lua_type(L, idx) == LUA_TSTRING ? lua_tolstring(L, idx, &n) : nullptr;
  return s && k.as_str() == std::string_view(s, n);
}

}  // namespace

LiveTables::LiveTables(lua_State* L) {
  lua_createtable(L, 5, 0);
  lua_insert(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, kSortedPairs);
  lua_pushcclosure(L, live_pairs, 1);
  lua_rawseti(L, -2, kPairs);
  lua_pushcfunction(L, &LiveTables::newindex);
  lua_rawseti(L, -2, kNewindex);
  lua_pushcfunction(L, live_len);
  lua_rawseti(L, -2, kLen);
  lua_pushcfunction(L, read_only);
  lua_rawseti(L, -2, kReadOnly);
  meta_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  vars_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

LiveTables::~LiveTables() = default;

void LiveTables::reset(lua_State* L, const State& s) {
  tag_ = s.tag();
  version_ = s.tables_version();
  ++epoch_;
  nodes_.clear();
  bytes_ = 0;
  dead_ = 0;
  lua_newtable(L);
  lua_rawseti(L, LUA_REGISTRYINDEX, vars_ref_);
}

void LiveTables::follow(lua_State* L, const State& s) {
  if (!nodes_.empty() && (s.tag() != tag_ || s.tables_version() != version_)) reset(L, s);
}

void LiveTables::replaced(lua_State* L, const State& s, int name, uint64_t before) {
  if (s.tag() != tag_ || before != version_) return;  // out of step already: push_var resets
  name = lua_absindex(L, name);
  // Its nodes die with it; when they are most of the cache, start afresh so
  // that the bookkeeping stays in proportion to the live tables.
  size_t n = 0;
  const char* key = lua_tolstring(L, name, &n);
  const std::string_view root(key, n);
  for (const auto& node : nodes_) {
    if (node->parent || !node->alive || node->root != root) continue;
    std::vector<Node*> gone{node.get()};
    while (!gone.empty()) {
      Node* x = gone.back();
      gone.pop_back();
      x->alive = false;
      ++dead_;
      gone.insert(gone.end(), x->children.begin(), x->children.end());
    }
  }
  if (dead_ * 2 > nodes_.size()) {
    reset(L, s);
    return;
  }
  version_ = s.tables_version();
  lua_rawgeti(L, LUA_REGISTRYINDEX, vars_ref_);
  lua_pushvalue(L, name);
  lua_pushnil(L);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

// Pushes the proxy of `v` (a list or a dict) with its metatable and data;
// node == nullptr makes it read-only.
void LiveTables::push_table(lua_State* L, const Value& v, Node* node) {
  luaL_checkstack(L, 8, "value too deep");
  const bool list = v.is_list();
  lua_createtable(L, 0, 0);  // P
  lua_createtable(L, 4, 5);  // P M
  lua_createtable(L, list ? static_cast<int>(v.items().size()) : 0, list ? 0 : static_cast<int>(v.entries().size()));
  const int D = lua_gettop(L);
  auto child = [&](const Value& key, const Value& x) {
    if (!x.is_table()) {
      LuaHost::push_value(L, x);  // a scalar: no stack check, no table
      return;
    }
    push_table(L, x, node ? new_node(node, key) : nullptr);
  };
  if (list) {
    const List& items = v.items();
    for (size_t i = 0; i < items.size(); ++i) {
      child(Value(static_cast<int64_t>(i + 1)), items[i]);
      lua_rawseti(L, D, static_cast<lua_Integer>(i + 1));
    }
  } else {
    for (const auto& [k, x] : v.entries()) {
      lua_pushlstring(L, k.data(), k.size());
      child(Value(k), x);
      lua_rawset(L, D);
    }
  }
  lua_pushvalue(L, D);
  lua_rawseti(L, -3, kData);
  lua_setfield(L, -2, "__index");  // P M
  lua_pushlightuserdata(L, node ? static_cast<void*>(node) : static_cast<void*>(&kFrozen));
  lua_rawseti(L, -2, kNode);
  lua_pushinteger(L, epoch_);
  lua_rawseti(L, -2, kEpoch);
  lua_rawgeti(L, LUA_REGISTRYINDEX, meta_ref_);
  lua_rawgeti(L, -1, node ? kNewindex : kReadOnly);
  lua_setfield(L, -3, "__newindex");
  lua_rawgeti(L, -1, kLen);
  lua_setfield(L, -3, "__len");
  lua_rawgeti(L, -1, kPairs);
  lua_setfield(L, -3, "__pairs");
  lua_pop(L, 1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // getmetatable() and setmetatable() see no metatable
  lua_setmetatable(L, -2);             // P
}

// A node for a table kept at `key` of `parent` (or a variable's root).
LiveTables::Node* LiveTables::new_node(Node* parent, const Value& key) {
  nodes_.push_back(std::make_unique<Node>());
  Node* n = nodes_.back().get();
  n->parent = parent;
  n->key = key;
  // The node, its place in nodes_ and in its parent's children, its key.
  bytes_ += static_cast<int64_t>(sizeof(Node) + 2 * sizeof(void*) + key.heap_bytes());
  if (parent) parent->children.push_back(n);
  return n;
}

void LiveTables::push_var(lua_State* L, State& s, int name) {
  name = lua_absindex(L, name);
  if (s.tag() != tag_ || s.tables_version() != version_) reset(L, s);
  lua_rawgeti(L, LUA_REGISTRYINDEX, vars_ref_);
  lua_pushvalue(L, name);
  if (lua_rawget(L, -2) != LUA_TNIL) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  size_t n = 0;
  const char* key = lua_tolstring(L, name, &n);
  const Value& v = s.var(std::string_view(key, n));
  if (!v.is_table()) {
    lua_pop(L, 1);
    LuaHost::push_value(L, v);
    return;
  }
  Node* root = new_node(nullptr, Value());
  root->root.assign(key, n);
  if (n > 15) bytes_ += static_cast<int64_t>(n + 1);
  push_table(L, v, root);
  lua_pushvalue(L, name);
  lua_pushvalue(L, -2);
  lua_rawset(L, -4);  // vars[name] = P
  lua_remove(L, -2);
}

void LiveTables::push_frozen(lua_State* L, const Value& v) {
  if (v.is_table()) push_table(L, v, nullptr);
  else LuaHost::push_value(L, v);
}

int LiveTables::newindex(lua_State* L) { return LuaHost::of(L).live().assign(L); }

// An assignment to a live table: check it still shows what its variable
// holds, write the kernel's value, then the data the script reads.
int LiveTables::assign(lua_State* L) {
  State* s = LuaHost::of(L).state();
  if (!s) return luaL_error(L, "the tabula API is only available while the kernel runs a hook");
  lua_settop(L, 3);  // P k v
  lua_getmetatable(L, 1);  // 4: M
  if (lua_rawgeti(L, 4, kEpoch) != LUA_TNUMBER || lua_tointeger(L, -1) != epoch_) return stale(L);
  lua_rawgeti(L, 4, kNode);
  auto* node = static_cast<Node*>(lua_touserdata(L, -1));
  lua_pop(L, 2);
  if (!node || static_cast<void*>(node) == &kFrozen) return read_only(L);
  if (!node->alive || s->tag() != tag_ || s->tables_version() != version_) return stale(L);
  lua_pushnil(L);
  lua_rawseti(L, 4, kKeys);  // pairs() sorts the keys anew

  Node* path[40];
  int depth = 0;
  for (Node* x = node; x; x = x->parent) {
    if (depth == 40) return luaL_error(L, "value nested too deeply");
    path[depth++] = x;
  }
  Value* target = s->var_slot(path[depth - 1]->root);
  for (int i = depth - 2; target && i >= 0; --i) {
    const Value& k = path[i]->key;
    if (target->is_list() && k.is_int() && k.as_int() >= 1 && k.as_int() <= static_cast<int64_t>(target->items().size()))
      target = &target->items()[k.as_int() - 1];
    else if (target->is_dict() && k.is_str())
      target = dict_find(target->entries(), k.as_str());
    else
      target = nullptr;
  }
  if (!target || !target->is_table()) return stale(L);

  Value v = LuaHost::to_value(L, 3);
  // The state's heap estimate (State::kept_bytes) follows the change.
  const auto bytes = [](const Value& x) { return static_cast<int64_t>(x.heap_bytes()); };
  if (lua_isinteger(L, 2)) {
    if (!target->is_list())
      return luaL_error(L, "this table has string keys; it cannot take the number key %I", lua_tointeger(L, 2));
    List& items = target->items();
    const lua_Integer k = lua_tointeger(L, 2), n = static_cast<lua_Integer>(items.size());
    if (v.is_nil()) {
      if (k != n)
        return luaL_error(L, "a list kept by the kernel has no holes: only its last item (%I) can be set to nil", n);
      s->kept_bytes -= static_cast<int64_t>(sizeof(Value)) + bytes(items.back());
      items.pop_back();
    } else if (k >= 1 && k <= n) {
      s->kept_bytes += bytes(v) - bytes(items[k - 1]);
      items[k - 1] = v;
    } else if (k == n + 1) {
      s->kept_bytes += static_cast<int64_t>(sizeof(Value)) + bytes(v);
      items.push_back(v);
    } else {
      return luaL_error(L, "a list kept by the kernel has no holes: index %I of a list of %I", k, n);
    }
  } else if (lua_type(L, 2) == LUA_TSTRING) {
    if (target->is_list() && !target->items().empty())
      return luaL_error(L, "this table is a list (keys 1..n); it cannot take the key '%s'", lua_tostring(L, 2));
    const std::string_view key = string_key(L, 2);  // whole, NUL bytes and all
    LuaHost::check_text(L, key, "a key the kernel keeps");
    Dict& entries = target->entries();
    if (const Value* old = dict_find(entries, key))
      s->kept_bytes += (v.is_nil() ? -static_cast<int64_t>(entry_bytes(key)) : 0) + bytes(v) - bytes(*old);
    else if (!v.is_nil())
      s->kept_bytes += static_cast<int64_t>(entry_bytes(key)) + bytes(v);
    dict_set(entries, key, v);
  } else {
    return luaL_error(L, "a table kept by the kernel takes keys 1..n or strings, not a %s", luaL_typename(L, 2));
  }
  // A table that stood at this key is no longer part of the variable.
  for (auto it = node->children.begin(); it != node->children.end(); ++it)
    if (same_key((*it)->key, L, 2)) {
      std::vector<Node*> gone{*it};
      while (!gone.empty()) {
        Node* x = gone.back();
        gone.pop_back();
        x->alive = false;
        gone.insert(gone.end(), x->children.begin(), x->children.end());
      }
      node->children.erase(it);
      break;
    }
  // The data the script reads.
  lua_getmetatable(L, 1);
  lua_rawgeti(L, -1, kData);
  lua_pushvalue(L, 2);
  if (v.is_table()) {
    const Value key = lua_isinteger(L, 2) ? Value(static_cast<int64_t>(lua_tointeger(L, 2))) : Value(string_key(L, 2));
    push_table(L, v, new_node(node, key));
  } else {
    LuaHost::push_value(L, v);
  }
  lua_rawset(L, -3);
  LuaHost::of(L).account(L);  // the state's value and the live tables grew
  return 0;
}

bool LiveTables::is_kernel_table(lua_State* L, int idx) {
  if (!lua_getmetatable(L, idx)) return false;
  const bool kernel = lua_rawgeti(L, -1, kNode) == LUA_TLIGHTUSERDATA;
  lua_pop(L, 2);
  return kernel;
}

void LiveTables::push_data(lua_State* L, int idx) {
  lua_getmetatable(L, idx);
  lua_rawgeti(L, -1, kData);
  lua_remove(L, -2);
}

// The data table is plain; tables nested in it are kernel tables again,
// which LuaHost::to_value reads through their own data.
Value LiveTables::value_of(lua_State* L, int idx) {
  push_data(L, idx);
  Value v = LuaHost::to_value(L, -1);
  lua_pop(L, 1);
  return v;
}

}  // namespace tabula
