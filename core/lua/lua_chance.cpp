// tabula.chance (docs/lua-api.md, "Chance"): a chance event declared as
// data, its outcomes with integer weights. It is built as a ChanceEvent only
// when something watches (Engine::record_chance, Engine::force_chance);
// otherwise it draws random_below(total weight) and copies nothing, so a
// playout pays only for reading the arguments, and an event of n outcomes of
// weight 1 draws exactly what tabula.random(n) would.
#include <lua.hpp>

#include <cstdint>
#include <exception>
#include <string>

#include "core/lua/lua_host.h"
#include "core/rules/kernel.h"

namespace tabula {

namespace {

// Outcomes given by count (tabula.chance(name, n)) stand for 1..n; this many
// at most, since a watched event lists them all.
constexpr lua_Integer kMaxCount = 1 << 16;

// The outcome `i` (from 0) of the event's argument 2, pushed.
void push_outcome(lua_State* L, bool counted, size_t i) {
  if (counted) lua_pushinteger(L, static_cast<lua_Integer>(i) + 1);
  else lua_geti(L, 2, static_cast<lua_Integer>(i) + 1);
}

// Checks the arguments (every error is raised here, before any C++ object
// lives) and returns the number of outcomes and the weights' total.
size_t check_args(lua_State* L, bool& counted, uint64_t& total) {
  size_t len = 0;
  const char* name = luaL_checklstring(L, 1, &len);
  if (len == 0) luaL_argerror(L, 1, "a chance event needs a name");
  LuaHost::check_text(L, std::string_view(name, len), "a chance event's name");
  size_t n = 0;
  counted = lua_type(L, 2) == LUA_TNUMBER;
  if (counted) {
    const lua_Integer c = luaL_checkinteger(L, 2);
    if (c < 1 || c > kMaxCount) luaL_argerror(L, 2, "a count of outcomes from 1 to 65536");
    n = static_cast<size_t>(c);
  } else {
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer len2 = luaL_len(L, 2);  // a parameter's list is a read-only proxy: not raw
    if (len2 < 1) luaL_argerror(L, 2, "a chance event needs at least one outcome");
    n = static_cast<size_t>(len2);
    for (size_t i = 0; i < n; ++i) {
      const int t = lua_geti(L, 2, static_cast<lua_Integer>(i) + 1);
      if (t == LUA_TSTRING) {
        size_t sl = 0;
        const char* sv = lua_tolstring(L, -1, &sl);
        LuaHost::check_text(L, std::string_view(sv, sl), "a chance outcome");
      } else if (!lua_isinteger(L, -1)) {
        luaL_error(L, "chance '%s': outcome %d is a %s; outcomes are integers or strings", name, static_cast<int>(i + 1),
                   luaL_typename(L, -1));
      }
      lua_pop(L, 1);
    }
  }
  total = 0;
  if (lua_isnoneornil(L, 3)) {
    total = n;
    return n;
  }
  luaL_checktype(L, 3, LUA_TTABLE);
  if (const lua_Integer w = luaL_len(L, 3); w != static_cast<lua_Integer>(n))
    luaL_error(L, "chance '%s': %d weights for %d outcomes", name, static_cast<int>(w), static_cast<int>(n));
  for (size_t i = 0; i < n; ++i) {
    lua_geti(L, 3, static_cast<lua_Integer>(i) + 1);
    int ok = 0;
    const lua_Integer w = lua_tointegerx(L, -1, &ok);
    if (!ok || w < 1) luaL_error(L, "chance '%s': weight %d is not an integer from 1", name, static_cast<int>(i + 1));
    if (static_cast<uint64_t>(w) > static_cast<uint64_t>(INT64_MAX) - total)
      luaL_error(L, "chance '%s': the weights add up to more than %I", name, static_cast<lua_Integer>(INT64_MAX));
    total += static_cast<uint64_t>(w);
    lua_pop(L, 1);
  }
  return n;
}

int64_t weight(lua_State* L, size_t i) {
  lua_geti(L, 3, static_cast<lua_Integer>(i) + 1);
  const int64_t w = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return w;
}

// The index drawn, or -1 with the error's text left for the caller to raise
// once the C++ objects here are gone.
int64_t draw(lua_State* L, size_t n, bool counted, uint64_t total, std::string& error) {
  LuaHost& h = LuaHost::of(L);
  Kernel& e = h.engine();
  State& s = *h.state();
  const bool weighted = !lua_isnoneornil(L, 3);
  try {
    if (!e.chance_watched()) {
      uint64_t d = e.random_below(s, total);
      if (!weighted) return static_cast<int64_t>(d);
      for (size_t i = 0; i < n; ++i) {
        const auto w = static_cast<uint64_t>(weight(L, i));
        if (d < w) return static_cast<int64_t>(i);
        d -= w;
      }
      return static_cast<int64_t>(n - 1);  // not reached: d < total
    }
    ChanceEvent ev;
    size_t len = 0;
    const char* name = lua_tolstring(L, 1, &len);
    ev.name.assign(name, len);
    ev.outcomes.reserve(n);
    ev.weights.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      push_outcome(L, counted, i);
      if (lua_type(L, -1) == LUA_TSTRING) {
        size_t sl = 0;
        const char* sv = lua_tolstring(L, -1, &sl);
        ev.outcomes.emplace_back(std::string_view(sv, sl));
      }
      else ev.outcomes.emplace_back(static_cast<int64_t>(lua_tointeger(L, -1)));
      lua_pop(L, 1);
      ev.weights.push_back(weighted ? weight(L, i) : 1);
    }
    return static_cast<int64_t>(e.draw_chance(s, ev));
  } catch (const std::exception& x) {
    error = x.what();
    return -1;
  }
}

}  // namespace

// tabula.chance(name, outcomes [, weights]) -> outcome, index
int lua_chance(lua_State* L) {
  if (!LuaHost::of(L).state()) return luaL_error(L, "the tabula API is only available while the kernel runs a hook");
  bool counted = false;
  uint64_t total = 0;
  const size_t n = check_args(L, counted, total);
  LuaHost::of(L).charge_steps(L, static_cast<int64_t>(n));  // the outcomes read (and, watched, copied) here
  int64_t i = -1;
  {
    std::string error;
    i = draw(L, n, counted, total, error);
    if (i < 0) lua_pushlstring(L, error.data(), error.size());
  }
  if (i < 0) {  // located like luaL_error's messages
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  }
  push_outcome(L, counted, static_cast<size_t>(i));
  lua_pushinteger(L, static_cast<lua_Integer>(i) + 1);
  return 2;
}

}  // namespace tabula
