// Values between Lua and the kernel: pushing a kernel value, taking a Lua one
// (integers, UTF-8 strings, lists, string-keyed tables). Apart as the one
// conversion from Lua, which the binding (lua_api.cpp) calls as much as the host.
#include "core/lua/lua_host.h"

#include <lua.hpp>

#include <cmath>

#include "core/lua/lua_vars.h"
#include "core/pack/text.h"

namespace tabula {

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
