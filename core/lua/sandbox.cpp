// The sandbox scripts run in: the standard library less what reaches outside,
// with guards where a call could escape the limits or let an address or a
// run's own order reach the game. Apart from the kernel's calls: Lua's library as scripts see it.
#include "core/lua/lua_host.h"

#include <lua.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "core/lua/lua_host_internal.h"
#include "core/lua/lua_vars.h"
#include "core/pack/text.h"

namespace tabula {

namespace {
int read_only_context(lua_State* L) {
  return luaL_error(L, "ctx is read-only (give a scheduled call its own args instead)");
}

int no_global_writes(lua_State* L) {
  return luaL_error(L, "scripts may not create globals ('%s'): keep state in the kernel through the tabula API",
                    lua_tostring(L, 2));
}

// pcall, xpcall and coroutine.resume as in the base library, except that
// they cannot catch running out of time or memory: a script that did could
// loop for ever (ENGINE.md invariant 9).
int finish_protected(lua_State* L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    if (status == LUA_ERRMEM || LuaHost::of(L).out_of_limits()) return lua_error(L);
    lua_pushboolean(L, 0);
    lua_pushvalue(L, -2);
    return 2;
  }
  return lua_gettop(L) - static_cast<int>(extra);
}

int sandbox_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  lua_pushboolean(L, 1);
  lua_insert(L, 1);
  int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, finish_protected);
  return finish_protected(L, status, 0);
}

// An xpcall message handler runs before the error unwinds, and after a
// limit error it runs with Lua's hooks off: a looping handler would never
// be stopped. This wrapper passes a limit error on untouched and calls the
// script's handler only for ordinary errors.
int guarded_handler(lua_State* L) {
  if (LuaHost::of(L).out_of_limits()) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int sandbox_xpcall(lua_State* L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_protected);
  return finish_protected(L, status, 2);
}

// Coroutines a limit stopped (registry, weak keys: a kernel table no script
// sees). A limit raised inside a hook leaves hooks off in the coroutine it
// killed; the __close handlers coroutine.close would run there could then
// never be stopped, so it refuses such a coroutine.
constexpr const char* kStopped = "tabula.stopped";

// coroutine.resume and coroutine.close (the library's function is upvalue
// 1), telling the watchdog which Lua thread runs, so that a runaway
// coroutine is stopped too: close runs the coroutine's pending __close
// handlers inside it. A limit error is passed on, never returned.
int sandbox_resume(lua_State* L) {
  LuaHost& h = LuaHost::of(L);
  lua_State* co = lua_tothread(L, 1);
  const bool close = lua_toboolean(L, lua_upvalueindex(2));
  if (co && close) {
    lua_getfield(L, LUA_REGISTRYINDEX, kStopped);
    lua_pushvalue(L, 1);
    const bool stopped = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    if (stopped) return luaL_error(L, "coroutine.close: a limit stopped this coroutine; its __close handlers cannot run");
  }
  const int n = lua_gettop(L);
  lua_pushvalue(L, 1);                    // 1: the coroutine, kept
  lua_pushvalue(L, lua_upvalueindex(1));  // 2: the library's resume or close
  lua_rotate(L, 1, 2);
  if (co) h.charge_steps(L, kHookEvery);
  if (co) h.watchdog().enter(co);
  lua_State* outer = h.swap_running(co);
  try {
    lua_call(L, n, LUA_MULTRET);
  } catch (...) {
    h.swap_running(outer);
    if (co) h.watchdog().leave();
    throw;
  }
  h.swap_running(outer);
  if (co) h.watchdog().leave();
  if (!lua_toboolean(L, 2) && h.out_of_limits()) {
    if (co) {
      lua_getfield(L, LUA_REGISTRYINDEX, kStopped);
      lua_pushvalue(L, 1);
      lua_pushboolean(L, 1);
      lua_rawset(L, -3);
      lua_pop(L, 1);
    }
    lua_settop(L, 3);
    return lua_error(L);
  }
  return lua_gettop(L) - 1;
}

// rawset() that refuses the global table, which is read-only for scripts,
// and the kernel's live tables, whose writes must go through.
int guarded_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushglobaltable(L);
  const bool globals = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  if (globals) return no_global_writes(L);
  lua_getfield(L, LUA_REGISTRYINDEX, kFrozen);
  lua_pushvalue(L, 1);
  const bool frozen = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  if (frozen) return luaL_error(L, "rawset on a read-only library table");
  if (LiveTables::is_kernel_table(L, 1)) return luaL_error(L, "rawset on a table the kernel keeps: assign to it instead");
  // The host reuses ctx across calls and games: a field kept there would
  // carry state from one to the next.
  if (LuaHost::of(L).is_context(L, 1)) return read_only_context(L);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

// print() for debugging, on standard error, made printable (text.h): a
// script cannot move the cursor or rewrite the terminal of whoever runs it.
// The line is the kernel's copy (up to four bytes a byte, as \xNN): it
// counts against the memory cap.
int debug_print(lua_State* L) {
  int n = lua_gettop(L);
  std::string line;
  for (int i = 1; i <= n; ++i) {
    if (i > 1) line += "\t";
    size_t len = 0;
    const char* s = luaL_tolstring(L, i, &len);
    LuaHost::of(L).charge_copy(L, 4 * len);
    line += printable(std::string_view(s, len));
    lua_pop(L, 1);
  }
  std::fprintf(stderr, "[lua] %s\n", line.c_str());
  return 0;
}

// table.sort for scripts: a merge sort, so that elements the order holds
// equal keep the order they had. Lua's own sort takes some pivots from the
// clock, and with ties (or an order that is not strict) where they end up
// would differ from run to run and reach the game. Calls the order through
// Lua, under the hooks and limits of the calling script.
int stable_sort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Integer n = luaL_len(L, 1);
  if (n < 2) return 0;
  luaL_argcheck(L, n < INT_MAX, 1, "array too big");
  const bool custom = !lua_isnoneornil(L, 2);
  if (custom) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_createtable(L, static_cast<int>(n), 0);  // 3 and 4: the two halves of a
  lua_createtable(L, static_cast<int>(n), 0);  // bottom-up merge
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    lua_rawseti(L, 3, i);
  }
  // Whether src[j] comes strictly before src[i].
  auto before = [L, custom](int src, lua_Integer j, lua_Integer i) {
    if (custom) lua_pushvalue(L, 2);
    lua_rawgeti(L, src, j);
    lua_rawgeti(L, src, i);
    if (!custom) {
      const bool lt = lua_compare(L, -2, -1, LUA_OPLT);
      lua_pop(L, 2);
      return lt;
    }
    lua_call(L, 2, 1);
    const bool lt = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return lt;
  };
  int src = 3, dst = 4;
  for (lua_Integer width = 1; width < n; width *= 2) {
    for (lua_Integer lo = 1; lo <= n; lo += 2 * width) {
      const lua_Integer mid = std::min(lo + width, n + 1), hi = std::min(lo + 2 * width, n + 1);
      lua_Integer i = lo, j = mid, k = lo;
      while (i < mid || j < hi) {
        const bool right = i >= mid || (j < hi && before(src, j, i));
        lua_rawgeti(L, src, right ? j++ : i++);
        lua_rawseti(L, dst, k++);
      }
    }
    std::swap(src, dst);
  }
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, src, i);
    lua_seti(L, 1, i);
  }
  return 0;
}

// The __pairs metamethod of a table, or nil; for the sandbox's pairs().
int pairs_metamethod(lua_State* L) {
  if (luaL_getmetafield(L, 1, "__pairs") == LUA_TNIL) lua_pushnil(L);
  return 1;
}

// Lua's parser matches each goto against the labels it can see, so a chunk
// with many of both takes their product in steps inside one call, where no
// hook runs; past this bound load() refuses the chunk.
constexpr double kLabelGotoSteps = 1e7;

size_t occurrences(std::string_view text, std::string_view word) {
  size_t n = 0;
  for (size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + word.size())) ++n;
  return n;
}

// load() restricted to text chunks in the sandbox environment. A syntax
// error is returned as Lua's load returns it; running out of memory is the
// host's limit, raised like every other (a script may not catch it).
int text_load(lua_State* L) {
  size_t len = 0;
  const char* s = luaL_checklstring(L, 1, &len);
  const char* name = luaL_optstring(L, 2, "=(load)");
  const std::string_view text(s, len);
  const size_t labels = occurrences(text, "::") / 2, gotos = occurrences(text, "goto");
  if (static_cast<double>(labels) * static_cast<double>(gotos) > kLabelGotoSteps)
    return luaL_error(L, "load: a chunk with %d labels and %d gotos is too costly to compile", static_cast<int>(labels),
                      static_cast<int>(gotos));
  const int status = luaL_loadbufferx(L, s, len, name, "t");
  if (status == LUA_ERRMEM || (status != LUA_OK && LuaHost::of(L).out_of_limits())) return lua_error(L);
  if (status != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  return 1;
}

// The memory cap in bytes, which also bounds what one library call may do.
lua_Integer work_cap(lua_State* L) { return static_cast<lua_Integer>(LuaHost::of(L).memory_limit()); }

// Calls the library function kept as upvalue 1 with all arguments.
int call_original(lua_State* L) {
  const int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}

// Library functions that do unbounded work in one Lua instruction, where no
// limit can stop them, refuse sizes past the memory cap first.
int guarded_rep(lua_State* L) {
  size_t l = 0, lsep = 0;
  luaL_checklstring(L, 1, &l);
  const lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &lsep);
  const lua_Integer cap = work_cap(L);
  if (n > 0 && (n > cap || static_cast<lua_Integer>(l + lsep) > cap / n))
    return luaL_error(L, "string.rep: %I repetitions are too many (the memory cap is %I bytes)", n, cap);
  return call_original(L);
}

int guarded_move(lua_State* L) {
  const lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  const lua_Integer cap = work_cap(L) / 16;  // a table slot takes 16 bytes
  if (e >= f && (f < 0 ? e > f + cap : e - f >= cap))
    return luaL_error(L, "table.move: too many elements (at most %I)", cap);
  return call_original(L);
}

// table.insert(t, pos, v) and table.remove(t, pos) shift the elements from
// pos to #t one by one inside the call; a __len that claims 2^62 elements
// would keep them there. The shift is bounded like table.move's range.
int guarded_shift(lua_State* L, const char* name, int pos_arg, bool has_pos) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (!has_pos) return call_original(L);
  const lua_Integer n = luaL_len(L, 1);
  const lua_Integer pos = luaL_checkinteger(L, pos_arg);
  const lua_Integer cap = work_cap(L) / 16;
  if (n >= pos && (pos < 0 ? n > pos + cap : n - pos >= cap))
    return luaL_error(L, "table.%s: too many elements to shift (at most %I)", name, cap);
  return call_original(L);
}
int guarded_insert(lua_State* L) { return guarded_shift(L, "insert", 2, lua_gettop(L) >= 3); }
int guarded_remove(lua_State* L) { return guarded_shift(L, "remove", 2, lua_gettop(L) >= 2); }

int guarded_concat(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Integer i = luaL_optinteger(L, 3, 1);
  const lua_Integer j = lua_isnoneornil(L, 4) ? luaL_len(L, 1) : luaL_checkinteger(L, 4);
  const lua_Integer cap = work_cap(L) / 16;
  if (j >= i && (i < 0 ? j > i + cap : j - i >= cap))
    return luaL_error(L, "table.concat: too many elements (at most %I)", cap);
  return call_original(L);
}

// Lua's pattern matcher backtracks: a subject of n bytes and a pattern of
// length m with q items that repeat or scan (*, +, -, %b) and o optional
// ones (?) can take about n^(q+1)·2^o·m steps in one call (a plain find, or
// a pattern with neither, n·m). Calls whose bound passes kPatternSteps are
// refused.
constexpr double kPatternSteps = 2e8;
int guarded_pattern(lua_State* L) {
  size_t n = 0, lp = 0;
  luaL_checklstring(L, 1, &n);
  const char* p = luaL_checklstring(L, 2, &lp);
  const bool plain = lua_toboolean(L, 4) && lua_tocfunction(L, lua_upvalueindex(2)) != nullptr;
  int q = 0, o = 0;
  if (!plain) {
    bool in_set = false;
    for (size_t i = 0; i < lp; ++i) {
      if (p[i] == '%') {
        if (i + 1 < lp && p[i + 1] == 'b' && !in_set) ++q;
        ++i;
        continue;
      }
      if (in_set) { if (p[i] == ']') in_set = false; continue; }
      if (p[i] == '[') { in_set = true; if (i + 1 < lp && p[i + 1] == ']') ++i; continue; }
      if (p[i] == '*' || p[i] == '+' || p[i] == '-') ++q;
      if (p[i] == '?') ++o;
    }
  }
  if (std::pow(static_cast<double>(n) + 1, q + 1) * std::pow(2.0, o) * (static_cast<double>(lp) + 1) > kPatternSteps)
    return luaL_error(L, "pattern too costly: %d repetition and %d optional items, %I bytes long, on a subject of %I bytes",
                      q, o, static_cast<lua_Integer>(lp), static_cast<lua_Integer>(n));
  return call_original(L);
}

// setmetatable() that refuses __gc: finalizers run inside Lua's collector
// with hooks off, where no limit could stop them. It refuses __mode too: what
// the collector takes out of a weak table, and when, depends on memory, not
// on the game. And the table gets a copy of the metatable's fields as they
// are now, which no script can reach: fields added to the metatable later
// (a __mode, a __gc) do not reach the table. getmetatable(t) still gives the
// metatable passed (or its __metatable field).
char kCopyMark;    // keys no script can name: a copy's, true when its original is protected,
char kCopyOrigin;  // and the metatable it copies

// Whether the copy at `copy` holds exactly the fields of `mt` (setting the
// same metatable again then changes nothing, not even which table the copy
// is: the check of what scripts keep between calls counts tables by identity).
bool same_copy(lua_State* L, int copy, int mt) {
  lua_pushlightuserdata(L, &kCopyOrigin);
  const bool origin = lua_rawget(L, copy) == LUA_TTABLE && lua_rawequal(L, -1, mt);
  lua_pop(L, 1);
  if (!origin) return false;
  lua_Integer fields = 0;
  bool has_metatable_field = false;
  lua_pushnil(L);
  while (lua_next(L, mt)) {
    ++fields;
    if (lua_type(L, -2) == LUA_TSTRING && std::strcmp(lua_tostring(L, -2), "__metatable") == 0) has_metatable_field = true;
    lua_pushvalue(L, -2);
    lua_rawget(L, copy);
    const bool same = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!same) {
      lua_pop(L, 1);
      return false;
    }
  }
  lua_Integer copied = 0;
  lua_pushnil(L);
  while (lua_next(L, copy)) {
    ++copied;
    lua_pop(L, 1);
  }
  return copied == fields + 2 + (has_metatable_field ? 0 : 1);  // the mark, the origin, __metatable
}

int guarded_setmetatable(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int type = lua_type(L, 2);
  luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
  // A metatable with __metatable is protected, as in Lua; a copy is when its
  // original was.
  if (lua_getmetatable(L, 1)) {
    lua_pushlightuserdata(L, &kCopyMark);
    bool locked = false;
    if (lua_rawget(L, -2) != LUA_TNIL) {
      locked = lua_toboolean(L, -1);
    } else {
      lua_pushliteral(L, "__metatable");
      locked = lua_rawget(L, -3) != LUA_TNIL;
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
    if (locked) return luaL_error(L, "cannot change a protected metatable");
  }
  lua_settop(L, 2);
  if (type == LUA_TNIL) {
    lua_setmetatable(L, 1);
    return 1;
  }
  if (lua_getmetatable(L, 1)) {
    const bool same = same_copy(L, 3, 2);
    lua_pop(L, 1);
    if (same) {
      lua_settop(L, 1);
      return 1;
    }
  }
  lua_pushliteral(L, "__gc");
  const bool gc = lua_rawget(L, 2) != LUA_TNIL;
  lua_pop(L, 1);
  if (gc) return luaL_error(L, "setmetatable: scripts may not set __gc finalizers");
  lua_pushliteral(L, "__mode");
  const bool weak = lua_rawget(L, 2) != LUA_TNIL;
  lua_pop(L, 1);
  if (weak) return luaL_error(L, "setmetatable: scripts may not make weak tables (__mode): what the collector removes is not deterministic");
  lua_createtable(L, 0, 4);  // 3: the copy
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, 3);
  }
  lua_pushliteral(L, "__metatable");
  lua_pushliteral(L, "__metatable");
  const bool locked = lua_rawget(L, 2) != LUA_TNIL;
  if (!locked) {
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
  }
  lua_rawset(L, 3);
  lua_pushlightuserdata(L, &kCopyMark);
  lua_pushboolean(L, locked);
  lua_rawset(L, 3);
  lua_pushlightuserdata(L, &kCopyOrigin);
  lua_pushvalue(L, 2);
  lua_rawset(L, 3);
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}

// Values that Lua prints with their address (tables, functions, coroutines)
// would let an address reach the game: tostring() gives their type instead,
// unless they have a __tostring.
bool shows_address(lua_State* L, int idx) {
  const int t = lua_type(L, idx);
  if (t != LUA_TTABLE && t != LUA_TFUNCTION && t != LUA_TTHREAD && t != LUA_TUSERDATA && t != LUA_TLIGHTUSERDATA)
    return false;
  if (luaL_getmetafield(L, idx, "__tostring") == LUA_TNIL) return true;
  lua_pop(L, 1);
  return false;
}

int safe_tostring(lua_State* L) {
  luaL_checkany(L, 1);
  if (shows_address(L, 1)) {
    lua_pushstring(L, luaL_typename(L, 1));
    return 1;
  }
  luaL_tolstring(L, 1, nullptr);
  return 1;
}

// string.format() without addresses: %p is refused and %s of a table or
// function gives its type, as tostring() does.
int guarded_format(lua_State* L) {
  size_t len = 0;
  const char* f = luaL_checklstring(L, 1, &len);
  int arg = 1;
  for (size_t i = 0; i < len; ++i) {
    if (f[i] != '%') continue;
    if (++i < len && f[i] == '%') continue;
    ++arg;
    while (i < len && std::strchr("-+ #0123456789.", f[i])) ++i;
    if (i >= len) break;
    if (f[i] == 'p') return luaL_error(L, "string.format: %%p shows an address, which differs from run to run");
    if (f[i] == 's' && shows_address(L, arg)) {
      lua_pushstring(L, luaL_typename(L, arg));
      lua_replace(L, arg);
    }
  }
  return call_original(L);
}

// The order of keys the sandbox gives: booleans, numbers, strings. Keys of
// other types (tables, functions) are ordered by address: refused.
bool key_before(lua_State* L, int a, int b) {
  const int ta = lua_type(L, a), tb = lua_type(L, b);
  if (ta != tb) return ta == LUA_TBOOLEAN || (ta == LUA_TNUMBER && tb == LUA_TSTRING);
  if (ta == LUA_TBOOLEAN) return !lua_toboolean(L, a) && lua_toboolean(L, b);
  return lua_compare(L, a, b, LUA_OPLT);
}

// next() in that order, so that `next(t) == nil` and loops over next are
// the same in every run. Each call walks the table: a loop over next costs
// n^2, which the instruction budget is charged for.
int sorted_next(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  const bool first = lua_isnil(L, 2);
  bool found = false;
  int64_t steps = 0;
  lua_pushnil(L);  // 3: the best key so far
  lua_pushnil(L);  // 4: lua_next's key
  while (lua_next(L, 1)) {
    ++steps;
    const int t = lua_type(L, 4);
    if (t != LUA_TBOOLEAN && t != LUA_TNUMBER && t != LUA_TSTRING)
      return luaL_error(L, "next: keys of type %s have no fixed order; keep such items in a list", luaL_typename(L, 4));
    lua_pop(L, 1);
    if ((first || key_before(L, 2, 4)) && (!found || key_before(L, 4, 3))) {
      lua_pushvalue(L, 4);
      lua_replace(L, 3);
      found = true;
    }
  }
  LuaHost::of(L).charge_steps(L, steps);
  if (!found) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 3);
  lua_rawget(L, 1);
  return 2;
}

// The proxy of the global table: new names and existing ones are refused.
int global_newindex(lua_State* L) {
  lua_settop(L, 3);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TNIL) return no_global_writes(L);
  return luaL_error(L, "globals are read-only ('%s')", luaL_tolstring(L, 2, nullptr));
}

// Replaces the standard tables, `tabula` and _G by read-only proxies (an
// empty table whose metatable reads the real one and refuses writes), and
// hides the string metatable. Scripts never see the real tables.
constexpr const char* kFreeze = R"lua(
local G, pairs, global_newindex = ...
local setmetatable, error, tostring = setmetatable, error, tostring
local frozen = {}
local function proxy(t, newindex)
  local p = setmetatable({}, {
    __index = t, __newindex = newindex, __metatable = false,
    -- pairs() gives the proxy as its state, never the table behind it.
    __pairs = function(self) return (pairs(t)), self, nil end, __len = function() return #t end,
  })
  frozen[p] = true
  return p
end
for _, name in ipairs { "string", "table", "math", "utf8", "coroutine", "tabula" } do
  G[name] = proxy(G[name], function(_, k)
    error(name .. " is read-only (cannot set '" .. tostring(k) .. "')", 2)
  end)
end
local P = proxy(G, global_newindex)
G._G = P
return P, frozen
)lua";

// Lua seeds its string hashes per state (time and addresses), so next()
// visits string keys in an order that can differ from run to run. pairs()
// in the sandbox visits keys sorted instead: booleans, then numbers, then
// strings, so no script can let that order reach the game (keys of other
// types, ordered by address, are refused). coroutine.wrap
// goes through the sandbox's resume.
constexpr const char* kPrelude = R"lua(
local pairs_of = ...  -- a table's __pairs, read past any __metatable field
local next, type, sort, error = next, type, table.sort, error
local create, resume, pack, unpack = coroutine.create, coroutine.resume, table.pack, table.unpack
local rank = { boolean = 1, number = 2, string = 3 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (rank[ta] or 4) < (rank[tb] or 4) end
  if ta == "boolean" then return not a and b end
  if ta == "number" or ta == "string" then return a < b end
  return false
end
local function pairs(t)
  local custom = pairs_of(t)
  if custom then return custom(t) end
  local keys = {}
  for k in next, t do
    if not rank[type(k)] then error("pairs: keys of type " .. type(k) .. " have no fixed order; keep such items in a list", 2) end
    keys[#keys + 1] = k
  end
  sort(keys, before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end
local function wrap(f)
  local co = create(f)
  return function(...)
    local r = pack(resume(co, ...))
    if r[1] then return unpack(r, 2, r.n) end
    error(r[2], 0)
  end
end
return pairs, wrap
)lua";
}  // namespace

void LuaHost::open_sandbox() {
  lua_State* L = L_;
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kModules);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kRequired);

  static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},     {LUA_TABLIBNAME, luaopen_table},
                                  {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
                                  {LUA_UTF8LIBNAME, luaopen_utf8}, {LUA_COLIBNAME, luaopen_coroutine}};
  for (const auto& lib : libs) {
    luaL_requiref(L, lib.name, lib.func, 1);
    lua_pop(L, 1);
  }
  lua_pushglobaltable(L);
  for (const char* name : {"dofile", "loadfile", "collectgarbage"}) {
    lua_pushnil(L);
    lua_setfield(L, -2, name);
  }
  lua_pushcfunction(L, text_load);
  lua_setfield(L, -2, "load");
  lua_pushcfunction(L, debug_print);
  lua_setfield(L, -2, "print");
  lua_pushcfunction(L, lua_require);
  lua_setfield(L, -2, "require");
  lua_pushcfunction(L, guarded_rawset);
  lua_setfield(L, -2, "rawset");
  lua_pushcfunction(L, guarded_setmetatable);
  lua_setfield(L, -2, "setmetatable");
  lua_pushcfunction(L, sandbox_pcall);
  lua_setfield(L, -2, "pcall");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setfield(L, -2, "xpcall");
  lua_getfield(L, -1, "coroutine");
  lua_getfield(L, -1, "resume");
  lua_pushcclosure(L, sandbox_resume, 1);
  lua_setfield(L, -2, "resume");
  lua_getfield(L, -1, "close");
  lua_pushboolean(L, 1);
  lua_pushcclosure(L, sandbox_resume, 2);
  lua_setfield(L, -2, "close");
  lua_pop(L, 1);
  lua_newtable(L);  // kStopped, weak-keyed: which coroutines are gone does not matter to scripts
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, kStopped);
  // Randomness only through the kernel; no bytecode.
  lua_getfield(L, -1, "math");
  for (const char* name : {"random", "randomseed"}) {
    lua_pushnil(L);
    lua_setfield(L, -2, name);
  }
  lua_pop(L, 1);
  lua_getfield(L, -1, "string");
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  // Guards in front of library functions (see guarded_rep and the rest).
  struct Guard {
    const char* table;
    const char* name;
    lua_CFunction guard;
  };
  static const Guard guards[] = {{"string", "rep", guarded_rep},        {"table", "move", guarded_move},
                                 {"table", "concat", guarded_concat},   {"string", "find", guarded_pattern},
                                 {"string", "match", guarded_pattern},  {"string", "gmatch", guarded_pattern},
                                 {"string", "gsub", guarded_pattern},   {"string", "format", guarded_format},
                                 {"table", "insert", guarded_insert},
                                 {"table", "remove", guarded_remove}};
  for (const auto& g : guards) {
    if (g.table) lua_getfield(L, -1, g.table);
    else lua_pushvalue(L, -1);
    lua_getfield(L, -1, g.name);
    int up = 1;
    if (g.guard == guarded_pattern && std::strcmp(g.name, "find") == 0) {  // only find() has a plain flag
      lua_pushcfunction(L, guarded_pattern);
      up = 2;
    }
    lua_pushcclosure(L, g.guard, up);
    lua_setfield(L, -2, g.name);
    lua_pop(L, 1);
  }
  if (luaL_loadbufferx(L, kPrelude, std::strlen(kPrelude), "=prelude", "t") != LUA_OK)
    throw std::runtime_error("cannot set up the sandbox prelude");
  lua_pushcfunction(L, pairs_metamethod);
  if (lua_pcall(L, 1, 2, 0) != LUA_OK) throw std::runtime_error("cannot set up the sandbox prelude");
  lua_getfield(L, -3, "coroutine");
  lua_insert(L, -2);
  lua_setfield(L, -2, "wrap");  // coroutine.wrap
  lua_pop(L, 1);
  // Scripts sort stably; the prelude's pairs() kept Lua's own sort, whose
  // keys are all different.
  lua_getfield(L, -2, "table");
  lua_pushcfunction(L, stable_sort);
  lua_setfield(L, -2, "sort");
  lua_pop(L, 1);
  lua_pushvalue(L, -1);
  live_ = std::make_unique<LiveTables>(L);  // takes a copy of pairs
  lua_setfield(L, -2, "pairs");
  // The prelude keeps Lua's own next(); scripts get the ordered one.
  lua_pushcfunction(L, sorted_next);
  lua_setfield(L, -2, "next");
  lua_pushcfunction(L, safe_tostring);
  lua_setfield(L, -2, "tostring");
  register_api(L, *this);  // sets the global `tabula`
  auto key = [&](const char* name) {
    lua_pushstring(L, name);
    return luaL_ref(L, LUA_REGISTRYINDEX);
  };
  key_args_ = key("args");
  key_choice_ = key("choice");
  key_self_ = key("self");
  key_seat_ = key("seat");
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, read_only_context);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  ctx_meta_ = luaL_ref(L, LUA_REGISTRYINDEX);
  // Globals, the libraries and `tabula` are read-only from now on: scripts
  // see proxies, and the string metatable is hidden (its __index is the
  // real string table).
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  if (luaL_loadbufferx(L, kFreeze, std::strlen(kFreeze), "=freeze", "t") != LUA_OK)
    throw std::runtime_error("cannot set up the sandbox");
  lua_pushvalue(L, -2);       // the real globals
  lua_getfield(L, -1, "pairs");
  lua_pushvalue(L, -2);
  lua_pushcclosure(L, global_newindex, 1);
  if (lua_pcall(L, 3, 2, 0) != LUA_OK) throw std::runtime_error("cannot set up the sandbox");
  lua_setfield(L, LUA_REGISTRYINDEX, kFrozen);
  lua_rawseti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);  // every chunk's _ENV
  lua_pop(L, 1);
  if (count_instructions_) lua_sethook(L, &LuaHost::count_hook, LUA_MASKCOUNT, kHookEvery);
  // Collect when the heap has grown to 4x what was live after the last
  // collection (Lua's default is 2x): scripts' garbage is small and short
  // lived, while every collection walks all loaded modules. Near the memory
  // cap Lua collects at once anyway before it refuses anything.
  lua_gc(L, LUA_GCINC, 400, 0, 0);
}

}  // namespace tabula
