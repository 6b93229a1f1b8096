#include "core/lua/lua_host.h"

#include <lua.hpp>

#include <algorithm>
#include <filesystem>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/lua/lua_vars.h"
#include "core/lua/script_errors.h"
#include "core/pack/pack.h"
#include "core/pack/text.h"
#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

namespace {
constexpr const char* kModules = "tabula.modules";
// require's answers by module name: a module found in a later script folder
// was otherwise looked for on disk in the earlier ones on every call.
constexpr const char* kRequired = "tabula.required";
constexpr const char* kFrozen = "tabula.frozen";  // the read-only proxies, as keys
constexpr int kHookEvery = 1000;  // instructions between budget checks (deterministic mode)

// A script is read whole into memory: past this size it is refused before
// a byte is read (a sparse file of gigabytes would be read as such).
constexpr uintmax_t kMaxScriptBytes = 16u << 20;

// Reads a script file into `out`: "" when done, else why not. Only a
// regular file is opened (a named pipe would block the reader for ever).
std::string read_file(const std::string& path, std::string& out) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return "does not exist";
  if (!std::filesystem::is_regular_file(status)) return "is not a regular file";
  const uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot be read";
  if (size > kMaxScriptBytes)
    return "is " + std::to_string(size) + " bytes, more than a script may be (" + std::to_string(kMaxScriptBytes) + ")";
  std::ifstream in(path, std::ios::binary);
  if (!in) return "cannot be read";
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return "";
}

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

namespace {
// The module on top of the stack becomes require's answer for the name at
// index 1 (a file's modules do not change while the host lives).
int remember_required(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kRequired);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, -3);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return 1;
}
}  // namespace

LuaHost& LuaHost::of(lua_State* L) { return **static_cast<LuaHost**>(lua_getextraspace(L)); }

int lua_require(lua_State* L) {
  LuaHost& h = LuaHost::of(L);
  if (lua_type(L, 1) == LUA_TSTRING) {
    lua_getfield(L, LUA_REGISTRYINDEX, kRequired);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) != LUA_TNIL) return 1;
    lua_pop(L, 2);
  }
  std::string name = luaL_checkstring(L, 1);
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'))
      return luaL_error(L, "require: bad module name '%s'", name.c_str());
  // Dots separate folders: no empty part, so no "" or "/x" path.
  if (name.empty() || name.front() == '.' || name.back() == '.' || name.find("..") != std::string::npos)
    return luaL_error(L, "require: bad module name '%s'", name.c_str());
  std::string rel = name;
  for (auto& c : rel)
    if (c == '.') c = '/';
  rel += ".lua";
  for (const auto& d : h.packs_.script_dirs) {
    std::string key = d.prefix + "/" + rel;
    lua_getfield(L, LUA_REGISTRYINDEX, kModules);
    lua_getfield(L, -1, key.c_str());
    if (!lua_isnil(L, -1)) return remember_required(L);
    lua_pop(L, 2);
    std::string src;
    // A symlink inside the folder may not lead out of it.
    std::error_code ec;
    const auto root = std::filesystem::weakly_canonical(d.dir, ec);
    const auto file = std::filesystem::weakly_canonical(d.dir + "/" + rel, ec);
    if (std::mismatch(root.begin(), root.end(), file.begin(), file.end()).first != root.end())
      return luaL_error(L, "require: module '%s' leads outside its folder", name.c_str());
    const std::string why = read_file(d.dir + "/" + rel, src);
    if (why == "does not exist") continue;
    if (!why.empty()) return luaL_error(L, "require: module '%s': %s %s", name.c_str(), (d.prefix + "/" + rel).c_str(), why.c_str());
    if (luaL_loadbufferx(L, src.data(), src.size(), ("@" + key).c_str(), "t") != LUA_OK) return lua_error(L);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_pushboolean(L, 1);
    }
    lua_getfield(L, LUA_REGISTRYINDEX, kModules);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, key.c_str());
    lua_pop(L, 1);
    return remember_required(L);
  }
  return luaL_error(L, "require: module '%s' not found in the pack scripts or scripts/", name.c_str());
}

LuaHost::LuaHost(Kernel& engine, const PackSet& packs, const Limits& limits, HostApi api)
    : engine_(engine),
      packs_(packs),
      api_(api),
      alloc_(limits.memory),
      graphs_(&engine.graphs()),
      watchdog_(limits.instructions > 0 ? 0 : limits.cpu_ms) {
  if (limits.instructions > 0) {
    count_instructions_ = true;
    budget_ = limits.instructions;
  }
  L_ = lua_newstate(&LuaAlloc::call, &alloc_);
  if (!L_) throw std::runtime_error("cannot create the Lua state");
  *static_cast<LuaHost**>(lua_getextraspace(L_)) = this;
  alloc_.on_refuse(&LuaHost::note_refusal, this);
  open_sandbox();
}

LuaHost::~LuaHost() {
  if (L_) lua_close(L_);
}

void LuaHost::count_hook(lua_State* L, lua_Debug*) {
  LuaHost& h = of(L);
  h.used_ += kHookEvery;
  if (h.used_ <= h.budget_) return;
  // Level 0 is the running script function: name its line, as any error does.
  // The innermost script line (not the sandbox's own prelude), as any error names.
  const std::string where = script_where(L);
  lua_pushfstring(L, "%s: instruction budget exceeded (%I instructions)", where.c_str(),
                  static_cast<lua_Integer>(h.budget_));
  lua_error(L);
}

void LuaHost::note_refusal(void* host) {
  auto* h = static_cast<LuaHost*>(host);
  if (h->transactions_ == 0) return;
  h->refused_where_ = script_where(h->running_ ? h->running_ : h->L_);
  h->refused_detail_ = h->cap_detail();
}

void LuaHost::charge_counted(lua_State* L, int64_t steps) {
  used_ += steps;
  if (used_ <= budget_) return;
  const std::string where = script_where(L);
  lua_pushfstring(L, "%s: instruction budget exceeded (%I instructions)", where.c_str(),
                  static_cast<lua_Integer>(budget_));
  lua_error(L);
}

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

void LuaHost::load_module(const ScriptFile& file) {
  const std::string& key = file.key;
  std::string src;
  if (const std::string why = read_file(file.path, src); !why.empty())
    throw ScriptError(file.pack, file.path, "", "load", "the script file " + why);
  lua_State* L = L_;
  used_ = 0;
  alloc_.reset_refused();
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  // A module an earlier one required is already loaded: the kernel takes
  // that table, so `require` and the kernel see one module, not two copies.
  if (lua_getfield(L, -1, key.c_str()) == LUA_TTABLE) {
    lua_pop(L, 2);
    modules_.push_back(Module{key, file.pack, 0});
    return;
  }
  lua_pop(L, 1);
  int status = luaL_loadbufferx(L, src.data(), src.size(), ("@" + key).c_str(), "t");
  if (status == LUA_OK) {
    lua_pushcfunction(L, locate_error);
    lua_insert(L, -2);
    status = lua_pcall(L, 0, 1, lua_gettop(L) - 1);
    lua_remove(L, -2);
  }
  if (status != LUA_OK) {
    std::string msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "error";
    lua_pop(L, 2);
    std::string where, text;
    split_where(msg, where, text);
    throw ScriptError(file.pack, where.empty() ? key : where, "", "load", text);
  }
  if (!lua_istable(L, -1)) {
    lua_pop(L, 2);
    throw ScriptError(file.pack, key, "", "load", "a script must return a table of functions");
  }
  lua_setfield(L, -2, key.c_str());
  lua_pop(L, 1);
  modules_.push_back(Module{key, file.pack, 0});
}

void LuaHost::load_screen(const ScriptFile& file) { load({&file}); }

void LuaHost::load_all() {
  std::vector<const ScriptFile*> files;
  for (const auto& [key, file] : packs_.scripts) files.push_back(&file);
  load(files);
}

void LuaHost::load(const std::vector<const ScriptFile*>& files) {
  for (const ScriptFile* file : files) named_.push_back(file->key);
  std::sort(named_.begin(), named_.end());
  begin_transaction();
  try {
    for (const ScriptFile* file : files) load_module(*file);
  } catch (...) {
    end_transaction();
    throw;
  }
  end_transaction();
  add_required_modules();
  number_functions();
  mark_script_state();
}

// Modules that scripts required but no pack names are loaded too: their
// functions get ids like any module's (a helper module may pass its own
// function as an on_choice), and their handlers listen as a rule module's.
void LuaHost::add_required_modules() {
  lua_State* L = L_;
  std::vector<std::string> keys;
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    if (lua_type(L, -2) == LUA_TSTRING && lua_istable(L, -1)) {
      size_t len = 0;
      const char* key = lua_tolstring(L, -2, &len);
      keys.emplace_back(key, len);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::sort(keys.begin(), keys.end());
  std::vector<Module> missing;
  for (const auto& key : keys)
    if (module_index(key) < 0) missing.push_back(Module{key, key.substr(0, key.find('/')), 0});
  if (missing.empty()) return;
  modules_.insert(modules_.end(), missing.begin(), missing.end());
  std::sort(modules_.begin(), modules_.end(), [](const Module& a, const Module& b) { return a.key < b.key; });
}

// Runs protected: a walk that runs out of memory or stack must not panic.
void LuaHost::fingerprint(uint64_t* total, std::vector<ScriptStatePart>* parts) {
  struct Out {
    LuaHost* host;
    uint64_t* total;
    std::vector<ScriptStatePart>* parts;
  } out{this, total, parts};
  lua_pushcfunction(L_, [](lua_State* L) -> int {
    auto* o = static_cast<Out*>(lua_touserdata(L, 1));
    lua_getfield(L, LUA_REGISTRYINDEX, kModules);
    lua_getfield(L, LUA_REGISTRYINDEX, kFrozen);
    if (o->host->script_queue_ == 0) {
      lua_newtable(L);
      o->host->script_queue_ = luaL_ref(L, LUA_REGISTRYINDEX);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, o->host->script_queue_);
    if (o->total) *o->total = fingerprint_scripts(L, -3, -2, -1, o->host->script_seen_);
    if (o->parts) *o->parts = describe_scripts(L, -3, -2, -1, o->host->script_seen_);
    return 0;
  });
  lua_pushlightuserdata(L_, &out);
  if (lua_pcall(L_, 1, 0, 0) != LUA_OK) {
    std::string why = lua_tostring(L_, -1) ? lua_tostring(L_, -1) : "error";
    lua_pop(L_, 1);
    throw ScriptError("", "", "", "check", "cannot fingerprint the scripts' state: " + why);
  }
}

void LuaHost::mark_script_state() { fingerprint(&script_mark_, &script_parts_); }

std::string LuaHost::script_state_change() {
  uint64_t now = 0;
  fingerprint(&now, nullptr);
  if (now == script_mark_) return "";
  std::vector<ScriptStatePart> parts;
  fingerprint(nullptr, &parts);
  const std::string what = describe_script_state_change(script_parts_, parts);
  return what.empty() ? "the modules' state changed" : what;
}

// Walks each module's table for functions (nested tables to a small depth),
// then numbers them in (module key, path) order.
void LuaHost::number_functions() {
  lua_State* L = L_;
  std::vector<Function> found;
  struct Walker {
    lua_State* L;
    std::vector<Function>& out;
    int module;
    void walk(int t, const std::string& prefix, int depth) {
      for (const auto& k : sorted_string_keys(L, t)) {
        lua_getfield(L, t, k.c_str());
        if (lua_isfunction(L, -1)) {
          out.push_back(Function{module, prefix + k, luaL_ref(L, LUA_REGISTRYINDEX)});
          continue;
        }
        if (lua_istable(L, -1) && depth < 3) walk(lua_gettop(L), prefix + k + ".", depth + 1);
        lua_pop(L, 1);
      }
    }
  };
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  for (size_t m = 0; m < modules_.size(); ++m) {
    lua_getfield(L, -1, modules_[m].key.c_str());
    Walker{L, found, static_cast<int>(m)}.walk(lua_gettop(L), "", 0);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::stable_sort(found.begin(), found.end(), [](const Function& a, const Function& b) {
    return a.module != b.module ? a.module < b.module : a.path < b.path;
  });
  fns_ = std::move(found);
  for (size_t m = 0; m < modules_.size(); ++m) {
    lua_newtable(L);
    for (size_t f = 0; f < fns_.size(); ++f) {
      if (fns_[f].module != static_cast<int>(m)) continue;
      lua_pushinteger(L, static_cast<lua_Integer>(f));
      lua_setfield(L, -2, fns_[f].path.c_str());
    }
    modules_[m].names = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  // The reverse: a function value a script passes (decide's on_choice, an
  // option's own on_choice, schedule) to its id. Walking in id order and
  // keeping the first id makes the answer the same in every run.
  lua_newtable(L);
  for (size_t f = 0; f < fns_.size(); ++f) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, fns_[f].ref);
    if (lua_rawget(L, -2) == LUA_TNIL) {
      lua_pop(L, 1);
      lua_rawgeti(L, LUA_REGISTRYINDEX, fns_[f].ref);
      lua_pushinteger(L, static_cast<lua_Integer>(f));
      lua_rawset(L, -3);
    } else {
      lua_pop(L, 1);
    }
  }
  fn_ids_ = luaL_ref(L, LUA_REGISTRYINDEX);
}

int32_t LuaHost::function_of_value(lua_State* L, int idx) const {
  if (lua_type(L, idx) != LUA_TFUNCTION || fn_ids_ == 0) return -1;
  idx = lua_absindex(L, idx);
  lua_rawgeti(L, LUA_REGISTRYINDEX, fn_ids_);
  lua_pushvalue(L, idx);
  const int32_t fn = lua_rawget(L, -2) == LUA_TNUMBER ? static_cast<int32_t>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 2);
  return fn;
}

bool LuaHost::helper_module(std::string_view key) const {
  return !std::binary_search(named_.begin(), named_.end(), key, std::less<>());
}

int LuaHost::module_index(std::string_view key) const {
  auto it = std::lower_bound(modules_.begin(), modules_.end(), key, [](const Module& m, std::string_view k) { return m.key < k; });
  return (it != modules_.end() && it->key == key) ? static_cast<int>(it - modules_.begin()) : -1;
}

int32_t LuaHost::function_id(int module, std::string_view path) const {
  if (module < 0) return -1;
  auto it = std::lower_bound(fns_.begin(), fns_.end(), std::pair<int, std::string_view>{module, path},
                             [](const Function& f, const std::pair<int, std::string_view>& k) {
                               return f.module != k.first ? f.module < k.first : f.path < k.second;
                             });
  return (it != fns_.end() && it->module == module && it->path == path) ? static_cast<int32_t>(it - fns_.begin()) : -1;
}

int32_t LuaHost::lua_function_id(lua_State* L, int m, int idx) const {
  if (m < 0 || lua_type(L, idx) != LUA_TSTRING) return -1;
  size_t len = 0;
  const char* p = lua_tolstring(L, idx, &len);
  // Cached per module like other names (table ids below 0 are functions').
  auto& slot = const_cast<LuaHost*>(this)->name_slot(p, -1 - m);
  if (slot.holds(p, len, -1 - m)) return slot.id;
  const int32_t fn = lookup_function(L, m, idx);
  slot.keep(p, len, -1 - m, fn);
  return fn;
}

int32_t LuaHost::lookup_function(lua_State* L, int m, int idx) const {
  idx = lua_absindex(L, idx);
  lua_rawgeti(L, LUA_REGISTRYINDEX, modules_[m].names);
  lua_pushvalue(L, idx);
  int32_t fn = lua_rawget(L, -2) == LUA_TNUMBER ? static_cast<int32_t>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 2);
  return fn;
}

void LuaHost::begin_transaction(const State* s) {
  if (transactions_++ > 0) return;
  used_ = 0;
  account_state_ = s;
  if (s) live_->follow(L_, *s);
  // The queues as they stand: what earlier choices left in them counts.
  transient_ = s ? s->count_queued_bytes() : 0;
  over_cap_ = false;
  alloc_.set_kernel(kernel_bytes());
  alloc_.reset_refused();
  refused_where_.clear();
  refused_detail_.clear();
  running_ = nullptr;
  watchdog_.begin(L_);
}

void LuaHost::over_cap(lua_State* L) {
  // Garbage of earlier choices or games may hold the heap: collect it
  // before judging (a rare path: only past the cap).
  lua_gc(L_, LUA_GCCOLLECT);
  const int64_t kernel = kernel_bytes(), heap = static_cast<int64_t>(alloc_.used());
  const int64_t cap = static_cast<int64_t>(alloc_.limit());
  alloc_.set_kernel(kernel);
  if (heap + kernel <= cap) return;
  over_cap_ = true;
  alloc_.set_kernel(0);  // room for the message; over_cap_ ends the transaction anyway
  const std::string text = "memory cap exceeded (" + std::to_string(cap >> 20) + " MiB for all scripts)" + cap_detail();
  if (!L) throw KernelError(text);
  luaL_error(L, "%s", text.c_str());
}

std::string LuaHost::cap_detail() const {
  const int64_t kernel = kernel_bytes(), kept = account_state_ ? account_state_->kept_bytes : 0;
  char text[240];
  std::snprintf(text, sizeof text,
                ": the kernel holds %lld bytes for the scripts (the state keeps %lld, this choice's copies and the "
                "queues %lld) beside Lua's heap of %lld bytes",
                static_cast<long long>(kernel), static_cast<long long>(kept), static_cast<long long>(kernel - kept),
                static_cast<long long>(alloc_.used()));
  return text;
}

void LuaHost::end_transaction() {
  if (--transactions_ > 0) return;
  watchdog_.end();
  account_state_ = nullptr;
  transient_ = 0;
  alloc_.set_kernel(0);
}

void LuaHost::check_time() {
  if (watchdog_.expired())
    throw KernelError("time limit exceeded (the scripts of one choice may run for " +
                      std::to_string(watchdog_.limit_ms()) + " ms)");
}

LuaHost::Result LuaHost::call(State& state, const Call& c, const Option* choice, const std::vector<const Option*>* set) {
  return run(state, c, choice, set, nullptr);
}

void LuaHost::call_options(State& state, const Call& c, std::vector<Option>& out) {
  run(state, c, nullptr, nullptr, &out);
}

void LuaHost::call_keep(State& state, const Call& c) { run(state, c, nullptr, nullptr, nullptr, true); }

LuaHost::Result LuaHost::run(State& state, const Call& c, const Option* choice, const std::vector<const Option*>* set,
                             std::vector<Option>* options, bool keep) {
  lua_State* L = L_;
  if (c.fn < 0 || c.fn >= function_count()) throw ScriptError("", "", "", engine_.call_label(c), "no such function");
  const Function& f = fns_[c.fn];
  ++calls_;
  const bool outer = transactions_ == 0;
  if (outer) begin_transaction(&state);
  // Nested calls (a modifier run from inside tabula.damage) restore the
  // outer call's context afterwards.
  State* saved_state = state_;
  const int saved_module = module_;
  const EntityId saved_entity = entity_;
  state_ = &state;
  module_ = f.module;
  entity_ = c.entity;
  ++depth_;
  lua_pushcfunction(L, locate_error);
  const int handler = lua_gettop(L);
  if (options) lua_rawgeti(L, LUA_REGISTRYINDEX, options_reader_);  // reader(fn, ctx, out)
  lua_rawgeti(L, LUA_REGISTRYINDEX, f.ref);
  push_context(c, choice, set, state);
  if (options) lua_pushlightuserdata(L, options);
  const int status = lua_pcall(L, options ? 3 : 1, options ? 0 : 1, handler);
  lua_remove(L, handler);
  --depth_;
  state_ = saved_state;
  module_ = saved_module;
  entity_ = saved_entity;
  if (status != LUA_OK) {
    if (outer) end_transaction();
    raise(state, c, f.path, status);
  }
  Result r;
  if (options || keep) {  // the reader took the options; a kept result is the caller's to pop
    if (outer) end_transaction();
    return r;
  }
  r.truthy = lua_toboolean(L, -1);
  if (lua_type(L, -1) == LUA_TNUMBER) {
    lua_Integer n = 0;
    int isnum = 0;
    n = lua_tointegerx(L, -1, &isnum);
    r.is_int = isnum != 0;
    r.integer = n;
  }
  lua_pop(L, 1);
  if (outer) end_transaction();
  return r;
}

void LuaHost::raise(const State& s, const Call& c, const std::string& path, int status) {
  std::string entity_label;
  if (s.entity(c.entity)) entity_label = engine_.def_name(s, c.entity) + " #" + std::to_string(c.entity);
  raise_in(fns_[c.fn].module, entity_label, engine_.call_label(c) + " (" + path + ")", status);
}

void LuaHost::raise_in(int module, const std::string& entity, const std::string& hook, int status) {
  lua_State* L = L_;
  std::string msg;
  if (status == LUA_ERRMEM || alloc_.refused())
    msg = (refused_where_.empty() ? "" : refused_where_ + ": ") + "memory cap exceeded (" +
          std::to_string(alloc_.limit() >> 20) + " MiB for all scripts)" + refused_detail_;
  else if (lua_type(L, -1) == LUA_TSTRING)
    msg = lua_tostring(L, -1);
  else
    msg = "error object of type " + std::string(luaL_typename(L, -1));
  lua_pop(L, 1);
  if (depth_ == 0) lua_gc(L, LUA_GCCOLLECT);
  std::string where, text;
  split_where(msg, where, text);
  throw ScriptError(modules_[module].pack, where.empty() ? modules_[module].key : where, entity, hook, text);
}

namespace {
// Whether a context field must be written: it is set now, or was set before.
bool push_needed(unsigned bit, unsigned had, unsigned has) { return ((had | has) & bit) != 0; }

// An option's id as the script gave it: an integer or a string.
void push_option_id(lua_State* L, const Option& o) {
  int64_t n = 0;
  if (o.int_id && std::from_chars(o.id.data(), o.id.data() + o.id.size(), n).ec == std::errc())
    lua_pushinteger(L, n);
  else
    lua_pushlstring(L, o.id.data(), o.id.size());
}
}  // namespace

bool LuaHost::is_context(lua_State* L, int idx) const {
  if (!lua_getmetatable(L, idx)) return false;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_meta_);
  const bool context = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  return context;
}

// The table every hook receives (docs/lua-api.md): args, choice, self and
// seat, each set or cleared. One table per depth of nested calls is reused,
// so a call allocates nothing for it; scripts may not add fields.
void LuaHost::push_context(const Call& c, const Option* choice, const std::vector<const Option*>* set,
                           const State& state) {
  lua_State* L = L_;
  const size_t depth = static_cast<size_t>(depth_ - 1);
  // A probe (call_value) takes a depth without a shared table, so more than
  // one level may be missing.
  while (depth >= ctx_refs_.size()) {
    lua_createtable(L, 0, 4);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_meta_);
    lua_setmetatable(L, -2);
    ctx_refs_.push_back(luaL_ref(L, LUA_REGISTRYINDEX));
    ctx_fields_.push_back(0);
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, ctx_refs_[depth]);
  // Fields set by the previous call at this depth that this call leaves
  // out are cleared; fields it has are set.
  unsigned& had = ctx_fields_[depth];
  unsigned has = 0;
  auto put = [&](unsigned bit, int key, auto&& push) {
    if (!push_needed(bit, had, has)) return;
    lua_rawgeti(L, LUA_REGISTRYINDEX, key);
    if (has & bit) push();
    else lua_pushnil(L);
    lua_rawset(L, -3);
  };
  if (!c.args.is_nil()) has |= 1u;
  if (choice || set) has |= 2u;
  if (c.entity != kNoEntity) has |= 4u;
  const int seat = engine_.current_seat(state);
  if (seat >= 0) has |= 8u;
  put(1u, key_args_, [&] { push_value(L, c.args); });
  put(2u, key_choice_, [&] {
    if (set) {
      lua_createtable(L, static_cast<int>(set->size()), 0);
      for (size_t i = 0; i < set->size(); ++i) {
        push_option_id(L, *(*set)[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
      }
      return;
    }
    push_option_id(L, *choice);
  });
  put(4u, key_self_, [&] { lua_pushinteger(L, c.entity); });
  put(8u, key_seat_, [&] { lua_pushinteger(L, seat + 1); });
  had = has;
}

Value LuaHost::call_value(State& state, const std::string& module, const std::string& path, const Value& args) {
  int32_t fn = function_id(module_index(module), path);
  if (fn < 0) throw ScriptError("", module, "", "probe", "no function '" + path + "' in " + module);
  lua_State* L = L_;
  const bool outer = transactions_ == 0;
  if (outer) begin_transaction(&state);
  State* saved_state = state_;
  const int saved_module = module_;
  state_ = &state;
  module_ = fns_[fn].module;
  ++depth_;
  lua_rawgeti(L, LUA_REGISTRYINDEX, fns_[fn].ref);
  lua_createtable(L, 0, 1);
  push_value(L, args);
  lua_setfield(L, -2, "args");
  lua_pushcfunction(L, locate_error);
  lua_insert(L, -3);
  const int handler = lua_gettop(L) - 2;
  int status = lua_pcall(L, 1, 1, handler);
  lua_remove(L, handler);
  --depth_;
  Value out;
  if (status == LUA_OK) {
    try {
      out = to_value(L, -1);
    } catch (...) {
      out = Value();
    }
    lua_pop(L, 1);
  }
  state_ = saved_state;
  module_ = saved_module;
  if (outer) end_transaction();
  if (status != LUA_OK) {
    Call c;
    c.fn = fn;
    c.kind = CallKind::Probe;
    raise(state, c, path, status);
  }
  return out;
}

namespace {
// fn(arg), run inside the protected call so that building the argument's
// tables (which may run out of memory) fails like any script error.
struct ValueCall {
  int ref;
  const Value* arg;
};
int call_with_value(lua_State* L) {
  const auto* c = static_cast<const ValueCall*>(lua_touserdata(L, 1));
  lua_rawgeti(L, LUA_REGISTRYINDEX, c->ref);
  LuaHost::push_value(L, *c->arg);
  lua_call(L, 1, 1);
  return 1;
}
}  // namespace

std::vector<std::string> LuaHost::call_lines(const std::string& module, const std::string& path, const Value& arg) {
  const int m = module_index(module);
  const int32_t fn = m < 0 ? -1 : function_id(m, path);
  const std::string hook = "screen (" + path + ")";
  if (fn < 0) throw ScriptError(m < 0 ? "" : modules_[m].pack, module, "", hook, "the module has no function '" + path + "'");
  lua_State* L = L_;
  begin_transaction();
  const int saved_module = module_;
  module_ = fns_[fn].module;
  ++depth_;
  lua_pushcfunction(L, locate_error);
  const int handler = lua_gettop(L);
  lua_pushcfunction(L, call_with_value);
  ValueCall call{fns_[fn].ref, &arg};
  lua_pushlightuserdata(L, &call);
  const int status = lua_pcall(L, 1, 1, handler);
  lua_remove(L, handler);
  --depth_;
  module_ = saved_module;
  end_transaction();
  if (status != LUA_OK) raise_in(fns_[fn].module, "", hook, status);
  // Raw reads only: nothing here can raise outside a protected call.
  std::string why;
  std::vector<std::string> lines;
  if (lua_type(L, -1) != LUA_TTABLE) {
    why = std::string("must return a list of strings (the lines), not a ") + luaL_typename(L, -1);
  } else {
    const lua_Unsigned n = lua_rawlen(L, -1);
    for (lua_Unsigned i = 1; i <= n && why.empty(); ++i) {
      if (lua_rawgeti(L, -1, static_cast<lua_Integer>(i)) == LUA_TSTRING) {
        size_t len = 0;
        const char* text = lua_tolstring(L, -1, &len);
        lines.emplace_back(text, len);
      } else {
        why = "line " + std::to_string(i) + " is a " + luaL_typename(L, -1) + ", not a string";
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (!why.empty()) throw ScriptError(modules_[fns_[fn].module].pack, module, "", hook, why);
  return lines;
}

void LuaHost::push_value(lua_State* L, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Nil: lua_pushnil(L); return;
    case Value::Kind::Bool: lua_pushboolean(L, v.as_bool()); return;
    case Value::Kind::Int: lua_pushinteger(L, v.as_int()); return;
    case Value::Kind::Str: {
      std::string_view s = v.as_str();
      lua_pushlstring(L, s.data(), s.size());
      return;
    }
    default: break;
  }
  luaL_checkstack(L, 4, "value too deep");  // tables nest: each level needs stack
  if (v.is_list()) {
    const List& items = v.items();
    lua_createtable(L, static_cast<int>(items.size()), 0);
    for (size_t i = 0; i < items.size(); ++i) {
      push_value(L, items[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return;
  }
  lua_createtable(L, 0, static_cast<int>(v.entries().size()));
  for (const auto& [k, x] : v.entries()) {
    lua_pushlstring(L, k.data(), k.size());
    push_value(L, x);
    lua_rawset(L, -3);
  }
}

namespace {
// Lua is built as C++ (liblua5.4-c++), so luaL_error throws and unwinds C++
// frames properly; the same code serves both inside and outside a Lua call.
Value to_value_depth(lua_State* L, int index, int depth) {
  index = lua_absindex(L, index);
  if (depth > 32) luaL_error(L, "value nested too deeply");
  switch (lua_type(L, index)) {
    case LUA_TNIL: return {};
    case LUA_TBOOLEAN: return Value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER: {
      if (lua_isinteger(L, index)) return Value(static_cast<int64_t>(lua_tointeger(L, index)));
      double d = lua_tonumber(L, index);
      if (std::floor(d) == d && std::fabs(d) < 9.0e15) return Value(static_cast<int64_t>(d));
      luaL_error(L, "numbers kept by the kernel must be integers (got %f)", d);
      return {};
    }
    case LUA_TSTRING: {
      size_t len = 0;
      const char* s = lua_tolstring(L, index, &len);
      if (len > 14) LuaHost::of(L).charge_copy(L, len);  // shorter strings live inside the Value
      LuaHost::check_text(L, std::string_view(s, len), "a string the kernel keeps");
      return Value(std::string_view(s, len));
    }
    case LUA_TTABLE: {
      if (LiveTables::is_kernel_table(L, index)) return LiveTables::value_of(L, index);
      lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, index));
      // A table whose keys are exactly 1..n is a list; otherwise string keys make a dict.
      size_t count = 0;
      bool string_keys = true;
      lua_pushnil(L);
      while (lua_next(L, index)) {
        ++count;
        if (lua_type(L, -2) != LUA_TSTRING) string_keys = false;
        lua_pop(L, 1);
      }
      if (count == 0) return Value::list();
      LuaHost::of(L).charge_copy(L, count * sizeof(Value));
      if (static_cast<lua_Integer>(count) == n) {
        List items;
        items.reserve(static_cast<size_t>(n));
        for (lua_Integer i = 1; i <= n; ++i) {
          if (lua_rawgeti(L, index, i) == LUA_TNUMBER && lua_isinteger(L, -1))
            items.emplace_back(static_cast<int64_t>(lua_tointeger(L, -1)));
          else
            items.push_back(to_value_depth(L, -1, depth + 1));
          lua_pop(L, 1);
        }
        return Value::list(std::move(items));
      }
      if (!string_keys) luaL_error(L, "a table kept by the kernel needs keys 1..n or string keys only");
      Dict d;
      lua_pushnil(L);
      while (lua_next(L, index)) {
        // The whole key: a key with a NUL byte is not the key before it.
        size_t len = 0;
        const char* key = lua_tolstring(L, -2, &len);
        LuaHost::check_text(L, std::string_view(key, len), "a key the kernel keeps");
        // An entry takes more than the item counted above: the key and the pair.
        LuaHost::of(L).charge_copy(L, entry_bytes(std::string_view(key, len)) - sizeof(Value));
        d.emplace_back(std::string(key, len), to_value_depth(L, -1, depth + 1));
        lua_pop(L, 1);
      }
      return Value::dict(std::move(d));
    }
    default:
      luaL_error(L, "a %s cannot be kept by the kernel", luaL_typename(L, index));
      return {};
  }
}
}  // namespace

void LuaHost::check_text(lua_State* L, std::string_view s, const char* what) {
  const size_t bad = utf8_error(s);
  if (bad == std::string_view::npos) return;
  // The string up to its first bad byte (its last 32 bytes at most), as
  // printable text: the message itself must be text.
  const size_t from = bad > 32 ? bad - 32 : 0;
  const std::string shown = (from ? "..." : "") + printable(s.substr(from, bad + 1 - from)) + (bad + 1 < s.size() ? "..." : "");
  luaL_error(L, "%s must be UTF-8 text (\"%s\": byte %I is not)", what, shown.c_str(), static_cast<lua_Integer>(bad + 1));
}

Value LuaHost::to_value(lua_State* L, int index) {
  switch (lua_type(L, index)) {  // the common cases without the general walk
    case LUA_TNIL:
    case LUA_TNONE: return {};
    case LUA_TBOOLEAN: return Value(lua_toboolean(L, index) != 0);
    case LUA_TNUMBER: {
      int isnum = 0;
      lua_Integer n = lua_tointegerx(L, index, &isnum);
      if (isnum) return Value(static_cast<int64_t>(n));
      break;
    }
    default: break;
  }
  return to_value_depth(L, index, 0);
}

}  // namespace tabula
