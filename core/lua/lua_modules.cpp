// Loading the packs' modules (and those scripts require), numbering their
// functions, and fingerprinting what they keep between calls: all that reads
// script files or walks the modules' tables.
#include "core/lua/lua_host.h"

#include <lua.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "core/lua/lua_host_internal.h"
#include "core/lua/script_errors.h"
#include "core/pack/pack.h"
#include "core/rules/kernel.h"

namespace tabula {

namespace {
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

}  // namespace tabula
