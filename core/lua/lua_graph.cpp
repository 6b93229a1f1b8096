// The graph queries of the `tabula` table (docs/lua-api.md, "Graphs"):
// nodes, adjacent, distance, path, within, node_tags. They read the
// engine's GraphIndex; node names become ids through a Lua table held as an
// upvalue and ids become names through a list of interned strings, so a
// query builds no string and copies nothing of the graph.
#include <lua.hpp>

#include "core/lua/lua_host.h"
#include "core/lua/lua_vars.h"
#include "core/pack/graph.h"
#include "core/rules/kernel.h"

namespace tabula {

namespace {

enum Upvalue : int {
  kNodeIds = 1,  // node name -> id
  kNodeNames,    // id + 1 -> node name
  kGraphIds,     // graph name -> index
  kTagged,       // graph index + 1 -> { tag -> its node ids }, filled as asked
  kUpvalues = kTagged,
};

const GraphIndex& graphs(lua_State* L) { return LuaHost::of(L).engine().graphs(); }

// A search visits up to every node and edge of a graph inside one call:
// the instruction budget is charged for them, and a row the cache took
// counts against the memory cap.
void charge_search(lua_State* L) {
  LuaHost& h = LuaHost::of(L);
  h.charge_steps(L, static_cast<int64_t>(graphs(L).take_work()));
  h.account(L);
}

int32_t node_arg(lua_State* L, int i) {
  luaL_checkstring(L, i);
  lua_pushvalue(L, i);
  const bool found = lua_rawget(L, lua_upvalueindex(kNodeIds)) == LUA_TNUMBER;
  const int32_t id = found ? static_cast<int32_t>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 1);
  if (!found) luaL_error(L, "unknown node '%s' (no [graphs] table declares it)", lua_tostring(L, i));
  return id;
}

void push_node(lua_State* L, int32_t n) { lua_rawgeti(L, lua_upvalueindex(kNodeNames), n + 1); }

template <class Ids>
void push_nodes(lua_State* L, const Ids& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  lua_Integer i = 0;
  for (int32_t n : ids) {
    push_node(L, n);
    lua_rawseti(L, -2, ++i);
  }
}

// Scratch space of the searches, kept between calls so that they allocate
// nothing once grown.
struct Scratch {
  GraphIndex::Blocked blocked;
  std::vector<int32_t> out, work;
};
Scratch& scratch() {
  static thread_local Scratch s;
  return s;
}

// The optional set of blocked nodes at argument i: a list of node names, or
// a table whose keys are node names with a true value. Empty when absent.
const GraphIndex::Blocked& blocked_arg(lua_State* L, int i) {
  auto& b = scratch().blocked;
  b.clear();
  if (lua_isnoneornil(L, i)) return b;
  luaL_checktype(L, i, LUA_TTABLE);
  // A live table (a variable's) is an empty proxy: read its data table.
  if (LiveTables::is_kernel_table(L, i)) {
    LiveTables::push_data(L, i);
    i = lua_gettop(L);
  }
  b.assign(graphs(L).node_count(), 0);
  lua_pushnil(L);
  while (lua_next(L, i)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      if (lua_toboolean(L, -1)) b[node_arg(L, lua_absindex(L, -2))] = 1;
    } else {
      b[node_arg(L, lua_absindex(L, -1))] = 1;
    }
    lua_pop(L, 1);
  }
  return b;
}

int l_nodes(lua_State* L) {
  luaL_checkstring(L, 1);
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(kGraphIds)) != LUA_TNUMBER) return luaL_error(L, "unknown graph '%s'", lua_tostring(L, 1));
  const int32_t g = static_cast<int32_t>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  const GraphIndex& gi = graphs(L);
  if (lua_isnoneornil(L, 2)) {
    push_nodes(L, gi.nodes(g));
    return 1;
  }
  size_t len = 0;
  const char* tag = luaL_checklstring(L, 2, &len);
  // The graphs never change: a tag's nodes are found once, not by a string
  // test per node on every call.
  if (lua_rawgeti(L, lua_upvalueindex(kTagged), g + 1) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(kTagged), g + 1);
  }
  const int by_tag = lua_gettop(L);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, by_tag) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_Integer k = 0;
    for (int32_t n : gi.nodes(g))
      if (gi.has_tag(n, std::string_view(tag, len))) {
        lua_pushinteger(L, n);
        lua_rawseti(L, -2, ++k);
      }
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, by_tag);
  }
  const int ids = lua_gettop(L);
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, ids));
  lua_createtable(L, static_cast<int>(count), 0);
  for (lua_Integer i = 1; i <= count; ++i) {
    lua_rawgeti(L, ids, i);
    const int32_t n = static_cast<int32_t>(lua_tointeger(L, -1));
    lua_pop(L, 1);
    push_node(L, n);
    lua_rawseti(L, -2, i);
  }
  return 1;
}

int l_adjacent(lua_State* L) {
  push_nodes(L, graphs(L).adjacent(node_arg(L, 1)));
  return 1;
}

int l_distance(lua_State* L) {
  const int d = graphs(L).distance(node_arg(L, 1), node_arg(L, 2));
  charge_search(L);
  if (d < 0) lua_pushnil(L);
  else lua_pushinteger(L, d);
  return 1;
}

int l_path(lua_State* L) {
  const int32_t from = node_arg(L, 1), to = node_arg(L, 2);
  const auto& blocked = blocked_arg(L, 3);
  Scratch& s = scratch();
  const bool found = graphs(L).path(from, to, blocked, s.out, s.work);
  charge_search(L);
  if (!found) return 0;
  push_nodes(L, s.out);
  return 1;
}

int l_within(lua_State* L) {
  const int32_t from = node_arg(L, 1);
  const lua_Integer d = luaL_checkinteger(L, 2);
  const auto& blocked = blocked_arg(L, 3);
  Scratch& s = scratch();
  graphs(L).within(from, d > INT32_MAX ? INT32_MAX : static_cast<int>(d), blocked, s.out, s.work);
  charge_search(L);
  push_nodes(L, s.out);
  return 1;
}

int l_node_tags(lua_State* L) {
  const auto& tags = graphs(L).tags(node_arg(L, 1));
  lua_createtable(L, static_cast<int>(tags.size()), 0);
  for (size_t i = 0; i < tags.size(); ++i) {
    lua_pushlstring(L, tags[i].data(), tags[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

const luaL_Reg kGraphApi[] = {
    {"nodes", l_nodes},       {"adjacent", l_adjacent}, {"distance", l_distance},
    {"path", l_path},         {"within", l_within},     {"node_tags", l_node_tags},
    {nullptr, nullptr}};

}  // namespace

// Adds the graph queries to the table on top of the stack.
void register_graph_api(lua_State* L, LuaHost& h) {
  const GraphIndex& g = h.engine().graphs();
  lua_createtable(L, 0, static_cast<int>(g.node_count()));
  for (size_t n = 0; n < g.node_count(); ++n) {
    lua_pushstring(L, g.node_name(static_cast<int32_t>(n)).c_str());
    lua_pushinteger(L, static_cast<lua_Integer>(n));
    lua_rawset(L, -3);
  }
  lua_createtable(L, static_cast<int>(g.node_count()), 0);
  for (size_t n = 0; n < g.node_count(); ++n) {
    lua_pushstring(L, g.node_name(static_cast<int32_t>(n)).c_str());
    lua_rawseti(L, -2, static_cast<lua_Integer>(n + 1));
  }
  lua_createtable(L, 0, 1);
  for (const auto& [name, _] : h.packs().graphs) {
    lua_pushstring(L, name.c_str());
    lua_pushinteger(L, g.graph(name));
    lua_rawset(L, -3);
  }
  lua_newtable(L);  // kTagged
  luaL_setfuncs(L, kGraphApi, kUpvalues);
}

std::vector<std::string> graph_api_names() {
  std::vector<std::string> names;
  for (const luaL_Reg* r = kGraphApi; r->name; ++r) names.emplace_back(r->name);
  return names;
}

}  // namespace tabula
