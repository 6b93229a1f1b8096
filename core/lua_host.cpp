#include "core/lua_host.h"

#include <lua.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/engine.h"
#include "core/pack.h"
#include "core/state.h"

namespace tabula {

namespace {
constexpr const char* kModules = "tabula.modules";
constexpr const char* kHost = "tabula.host";
constexpr int kHookEvery = 1000;  // instructions between budget checks

LuaHost* host_of(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kHost);
  auto* h = static_cast<LuaHost*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return h;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// Splits "file:line: message" as Lua formats it.
void split_where(const std::string& msg, std::string& where, std::string& text) {
  auto a = msg.find(':');
  auto b = a == std::string::npos ? std::string::npos : msg.find(':', a + 1);
  if (b != std::string::npos && b > a + 1 && std::isdigit(static_cast<unsigned char>(msg[a + 1]))) {
    where = msg.substr(0, b);
    text = msg.substr(b + 1);
    if (!text.empty() && text[0] == ' ') text.erase(0, 1);
  } else {
    where = "";
    text = msg;
  }
}

int no_global_writes(lua_State* L) {
  return luaL_error(L, "scripts may not create globals ('%s'): keep state in the kernel through the tabula API",
                    lua_tostring(L, 2));
}

// pcall, xpcall and coroutine.resume as in the base library, except that
// they cannot catch running out of instructions or memory: a script that
// did could loop for ever (ENGINE.md invariant 9).
int finish_protected(lua_State* L, int status, lua_KContext extra) {
  if (status != LUA_OK && status != LUA_YIELD) {
    if (status == LUA_ERRMEM || host_of(L)->out_of_limits()) return lua_error(L);
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

int sandbox_xpcall(lua_State* L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 2);
  int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_protected);
  return finish_protected(L, status, 2);
}

int sandbox_resume(lua_State* L) {
  int n = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));  // the library's resume
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  if (!lua_toboolean(L, 1) && host_of(L)->out_of_limits()) {
    lua_settop(L, 2);
    return lua_error(L);
  }
  return lua_gettop(L);
}

// rawset() that refuses the global table, which is read-only for scripts.
int guarded_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushglobaltable(L);
  const bool globals = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  if (globals) return no_global_writes(L);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

int debug_print(lua_State* L) {
  int n = lua_gettop(L);
  std::string line;
  for (int i = 1; i <= n; ++i) {
    if (i > 1) line += "\t";
    line += luaL_tolstring(L, i, nullptr);
    lua_pop(L, 1);
  }
  std::fprintf(stderr, "[lua] %s\n", line.c_str());
  return 0;
}

// load() restricted to text chunks in the sandbox environment.
int text_load(lua_State* L) {
  size_t len = 0;
  const char* s = luaL_checklstring(L, 1, &len);
  const char* name = luaL_optstring(L, 2, "=(load)");
  if (luaL_loadbufferx(L, s, len, name, "t") != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  return 1;
}
// Runs fn(ctx) and converts its result, all inside one protected call so that
// a bad return value is reported like any other script error.
int call_and_convert(lua_State* L) {
  auto* out = static_cast<Value*>(lua_touserdata(L, 2));
  const auto* ctx = static_cast<const Value*>(lua_touserdata(L, 3));
  lua_settop(L, 1);
  LuaHost::push_value(L, *ctx);
  lua_call(L, 1, 1);
  *out = LuaHost::to_value(L, -1);
  return 0;
}
// Lua seeds its string hashes per state (time and addresses), so next()
// visits string keys in an order that can differ from run to run. pairs()
// in the sandbox visits keys sorted instead: booleans, then numbers, then
// strings, so no script can let that order reach the game.
constexpr const char* kOrderedPairs = R"lua(
local next, type, sort, getmetatable = next, type, table.sort, getmetatable
local rank = { boolean = 1, number = 2, string = 3 }
local function before(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (rank[ta] or 4) < (rank[tb] or 4) end
  if ta == "boolean" then return not a and b end
  if ta == "number" or ta == "string" then return a < b end
  return false
end
return function(t)
  local mt = getmetatable(t)
  if mt and mt.__pairs then return mt.__pairs(t) end
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  sort(keys, before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end
)lua";
}  // namespace

int lua_require(lua_State* L) {
  LuaHost* h = host_of(L);
  std::string name = luaL_checkstring(L, 1);
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-'))
      return luaL_error(L, "require: bad module name '%s'", name.c_str());
  std::string rel = name;
  for (auto& c : rel)
    if (c == '.') c = '/';
  rel += ".lua";
  for (const auto& d : h->packs_.script_dirs) {
    std::string key = d.prefix + "/" + rel;
    lua_getfield(L, LUA_REGISTRYINDEX, kModules);
    lua_getfield(L, -1, key.c_str());
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 2);
    std::string src;
    if (!read_file(d.dir + "/" + rel, src)) continue;
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
    return 1;
  }
  return luaL_error(L, "require: module '%s' not found in the pack scripts or scripts/", name.c_str());
}

LuaHost::LuaHost(Engine& engine, const PackSet& packs, const Limits& limits)
    : engine_(engine), packs_(packs), memory_limit_(limits.memory), budget_(limits.instructions) {
  L_ = lua_newstate(&LuaHost::alloc, this);
  if (!L_) throw std::runtime_error("cannot create the Lua state");
  open_sandbox();
}

LuaHost::~LuaHost() {
  if (L_) lua_close(L_);
}

void* LuaHost::alloc(void* ud, void* ptr, size_t osize, size_t nsize) {
  auto* h = static_cast<LuaHost*>(ud);
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    h->memory_used_ -= old;
    std::free(ptr);
    return nullptr;
  }
  if (nsize > old && h->memory_used_ + (nsize - old) > h->memory_limit_) {
    h->memory_refused_ = true;
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p) h->memory_used_ = h->memory_used_ - old + nsize;
  return p;
}

void LuaHost::count_hook(lua_State* L, lua_Debug*) {
  LuaHost* h = host_of(L);
  h->used_ += kHookEvery;
  if (h->used_ <= h->budget_) return;
  // Level 0 is the running script function: name its line, as any error does.
  luaL_where(L, 0);
  lua_pushfstring(L, "instruction budget exceeded (%I instructions)", static_cast<lua_Integer>(h->budget_));
  lua_concat(L, 2);
  lua_error(L);
}

void LuaHost::open_sandbox() {
  lua_State* L = L_;
  lua_pushlightuserdata(L, this);
  lua_setfield(L, LUA_REGISTRYINDEX, kHost);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, kModules);

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
  lua_pushcfunction(L, sandbox_pcall);
  lua_setfield(L, -2, "pcall");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setfield(L, -2, "xpcall");
  lua_getfield(L, -1, "coroutine");
  lua_getfield(L, -1, "resume");
  lua_pushcclosure(L, sandbox_resume, 1);
  lua_setfield(L, -2, "resume");
  lua_pop(L, 1);
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
  if (luaL_loadbufferx(L, kOrderedPairs, std::strlen(kOrderedPairs), "=pairs", "t") != LUA_OK ||
      lua_pcall(L, 0, 1, 0) != LUA_OK)
    throw std::runtime_error("cannot set up the ordered pairs()");
  lua_setfield(L, -2, "pairs");
  register_api(L);  // sets the global `tabula`
  // Globals are read-only from now on.
  lua_newtable(L);
  lua_pushcfunction(L, no_global_writes);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // setmetatable(_G, nil) may not lift this
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  lua_sethook(L, &LuaHost::count_hook, LUA_MASKCOUNT, kHookEvery);
}

void LuaHost::load_module(const std::string& key) {
  auto it = packs_.scripts.find(key);
  if (it == packs_.scripts.end()) throw ScriptError("", "", "", "load", "unknown script module '" + key + "'");
  std::string src;
  if (!read_file(it->second.path, src))
    throw ScriptError(it->second.pack, it->second.path, "", "load", "cannot read script file");
  lua_State* L = L_;
  used_ = 0;
  memory_refused_ = false;
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  int status = luaL_loadbufferx(L, src.data(), src.size(), ("@" + key).c_str(), "t");
  if (status == LUA_OK) status = lua_pcall(L, 0, 1, 0);
  if (status != LUA_OK) {
    std::string msg = lua_tostring(L, -1) ? lua_tostring(L, -1) : "error";
    lua_pop(L, 2);
    std::string where, text;
    split_where(msg, where, text);
    throw ScriptError(it->second.pack, where.empty() ? key : where, "", "load", text);
  }
  if (!lua_istable(L, -1)) {
    lua_pop(L, 2);
    throw ScriptError(it->second.pack, key, "", "load", "a script must return a table of functions");
  }
  lua_setfield(L, -2, key.c_str());
  lua_pop(L, 1);
}

void LuaHost::load_all() {
  for (const auto& [key, file] : packs_.scripts) load_module(key);
}

bool LuaHost::push_function(const std::string& module, const std::string& path) const {
  lua_State* L = L_;
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  lua_getfield(L, -1, module.c_str());
  lua_remove(L, -2);
  size_t start = 0;
  while (true) {
    if (!lua_istable(L, -1)) {
      lua_pop(L, 1);
      return false;
    }
    size_t dot = path.find('.', start);
    std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    lua_getfield(L, -1, part.c_str());
    lua_remove(L, -2);
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (!lua_isfunction(L, -1)) {
    lua_pop(L, 1);
    return false;
  }
  return true;
}

bool LuaHost::has_function(const std::string& module, const std::string& path) const {
  if (!push_function(module, path)) return false;
  lua_pop(L_, 1);
  return true;
}

std::vector<std::string> LuaHost::table_keys(const std::string& module, const std::string& table) const {
  std::vector<std::string> keys;
  lua_State* L = L_;
  lua_getfield(L, LUA_REGISTRYINDEX, kModules);
  lua_getfield(L, -1, module.c_str());
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, table.c_str());
    if (lua_istable(L, -1)) {
      lua_pushnil(L);
      while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1)) keys.emplace_back(lua_tostring(L, -2));
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  std::sort(keys.begin(), keys.end());
  return keys;
}

Value LuaHost::call(State& state, const std::string& module, const std::string& path, const Value& ctx,
                    int64_t entity, const std::string& what) {
  lua_State* L = L_;
  std::string entity_label;
  if (const Entity* e = state.entity(static_cast<EntityId>(entity))) entity_label = e->def + " #" + std::to_string(e->id);
  auto pack_of = [&]() {
    auto it = packs_.scripts.find(module);
    return it == packs_.scripts.end() ? std::string() : it->second.pack;
  };
  if (!push_function(module, path))
    throw ScriptError(pack_of(), module, entity_label, what, "no function '" + path + "' in " + module);
  // Nested calls (a modifier run from inside tabula.damage) keep the outer
  // call's budget and restore its context afterwards.
  State* saved_state = state_;
  std::string saved_module = module_;
  int64_t saved_entity = entity_;
  if (depth_ == 0) used_ = 0, memory_refused_ = false;
  state_ = &state;
  module_ = module;
  entity_ = entity;
  ++depth_;
  Value result;
  lua_pushcfunction(L, &call_and_convert);  // [fn, trampoline]
  lua_insert(L, -2);                          // [trampoline, fn]
  lua_pushlightuserdata(L, &result);
  lua_pushlightuserdata(L, const_cast<Value*>(&ctx));
  int status = lua_pcall(L, 3, 0, 0);
  --depth_;
  state_ = saved_state;
  module_ = saved_module;
  entity_ = saved_entity;
  if (status != LUA_OK) {
    std::string msg;
    if (status == LUA_ERRMEM || memory_refused_)
      msg = "memory cap exceeded (" + std::to_string(memory_limit_ >> 20) + " MiB for all scripts)";
    else if (lua_type(L, -1) == LUA_TSTRING)
      msg = lua_tostring(L, -1);
    else
      msg = "error object of type " + std::string(luaL_typename(L, -1));
    lua_pop(L, 1);
    if (depth_ == 0) lua_gc(L, LUA_GCCOLLECT);
    std::string where, text;
    split_where(msg, where, text);
    throw ScriptError(pack_of(), where.empty() ? module : where, entity_label, what + " (" + path + ")", text);
  }
  return result;
}

void LuaHost::push_value(lua_State* L, const Value& v) {
  luaL_checkstack(L, 4, "value too deep");
  switch (v.kind()) {
    case Value::Kind::Nil: lua_pushnil(L); break;
    case Value::Kind::Bool: lua_pushboolean(L, v.as_bool()); break;
    case Value::Kind::Int: lua_pushinteger(L, v.as_int()); break;
    case Value::Kind::Str: lua_pushlstring(L, v.as_str().data(), v.as_str().size()); break;
    case Value::Kind::List:
      lua_createtable(L, static_cast<int>(v.items().size()), 0);
      for (size_t i = 0; i < v.items().size(); ++i) {
        push_value(L, v.items()[i]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
      }
      break;
    case Value::Kind::Dict:
      lua_createtable(L, 0, static_cast<int>(v.entries().size()));
      for (const auto& [k, x] : v.entries()) {
        push_value(L, x);
        lua_setfield(L, -2, k.c_str());
      }
      break;
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
      return Value(std::string(s, len));
    }
    case LUA_TTABLE: {
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
      if (static_cast<lua_Integer>(count) == n) {
        List items;
        for (lua_Integer i = 1; i <= n; ++i) {
          lua_rawgeti(L, index, i);
          items.push_back(to_value_depth(L, -1, depth + 1));
          lua_pop(L, 1);
        }
        return Value::list(std::move(items));
      }
      if (!string_keys) luaL_error(L, "a table kept by the kernel needs keys 1..n or string keys only");
      Dict d;
      lua_pushnil(L);
      while (lua_next(L, index)) {
        d.emplace_back(lua_tostring(L, -2), to_value_depth(L, -1, depth + 1));
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

Value LuaHost::to_value(lua_State* L, int index) { return to_value_depth(L, index, 0); }

}  // namespace tabula
