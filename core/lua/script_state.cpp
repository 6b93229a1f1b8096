#include "core/lua/script_state.h"

#include <lua.hpp>

#include <algorithm>
#include <cstring>
#include <map>
#include <string_view>

#include "core/lua/lua_vars.h"

namespace tabula {

namespace {

uint64_t mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t hash_bytes(const char* p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(p[i])) * 0x100000001b3ull;
  return mix(h ^ n);
}

// Walks what a module reaches. Objects are hashed by identity where they
// are referred to, and by content once, when first reached, into the part
// being walked; the order of a table's entries does not count, so only a
// real change of content or identity changes a part's hash. The objects
// still to visit wait in a Lua table (`queue_`), not on the C stack, so a
// deep structure cannot overflow it.
class Walker {
 public:
  Walker(lua_State* L, int skip, int queue, ScriptWalkScratch& seen)
      : L_(L), skip_(lua_absindex(L, skip)), queue_(lua_absindex(L, queue)), seen_(seen) {
    seen_.clear();
  }
  Walker(const Walker&) = delete;
  Walker& operator=(const Walker&) = delete;

  // The hash of the value at `idx` as a reference; queues it for a visit.
  uint64_t ref(int idx) {
    switch (lua_type(L_, idx)) {
      case LUA_TNIL: return mix(1);
      case LUA_TBOOLEAN: return mix(2 + static_cast<uint64_t>(lua_toboolean(L_, idx)));
      case LUA_TNUMBER: {
        if (lua_isinteger(L_, idx)) return mix(static_cast<uint64_t>(lua_tointeger(L_, idx)) ^ 0x1111);
        const lua_Number n = lua_tonumber(L_, idx);
        uint64_t bits;
        std::memcpy(&bits, &n, sizeof bits);
        return mix(bits ^ 0x2222);
      }
      case LUA_TSTRING: {
        size_t n = 0;
        const char* p = lua_tolstring(L_, idx, &n);
        return hash_bytes(p, n);
      }
      default: {
        const void* p = lua_topointer(L_, idx);
        if (seen_.insert(p) && walkable(idx)) {
          lua_pushvalue(L_, idx);
          lua_rawseti(L_, queue_, ++queued_);
        }
        return mix(reinterpret_cast<uintptr_t>(p) ^ static_cast<uint64_t>(lua_type(L_, idx)) << 56);
      }
    }
  }

  // Marks the value at `idx` as visited elsewhere: it counts by identity only.
  void exclude(int idx) { seen_.insert(lua_topointer(L_, idx)); }

  // Visits everything queued since the part began; returns its hash.
  uint64_t drain() {
    uint64_t h = 0;
    while (queued_ > 0) {
      lua_rawgeti(L_, queue_, queued_);
      lua_pushnil(L_);
      lua_rawseti(L_, queue_, queued_--);
      h += content(lua_gettop(L_));
      lua_pop(L_, 1);
    }
    return h;
  }

 private:
  bool walkable(int idx) {
    const int t = lua_type(L_, idx);
    if (t == LUA_TTHREAD) return true;
    if (t == LUA_TFUNCTION) return !lua_iscfunction(L_, idx);  // a C closure's upvalues are the kernel's
    if (t != LUA_TTABLE) return false;
    if (LiveTables::is_kernel_table(L_, idx)) return false;  // the state's, not the script's
    lua_pushvalue(L_, idx);
    const bool frozen = lua_rawget(L_, skip_) != LUA_TNIL;
    lua_pop(L_, 1);
    return !frozen;
  }

  uint64_t content(int idx) {
    uint64_t h = mix(reinterpret_cast<uintptr_t>(lua_topointer(L_, idx)));
    switch (lua_type(L_, idx)) {
      case LUA_TTABLE:
        lua_pushnil(L_);
        while (lua_next(L_, idx)) {
          const uint64_t v = ref(-1);
          h += mix(ref(-2) * 31 + v);
          lua_pop(L_, 1);
        }
        if (lua_getmetatable(L_, idx)) {
          h += mix(ref(-1) ^ 0x3333);
          lua_pop(L_, 1);
        }
        break;
      case LUA_TFUNCTION:
        for (int i = 1; lua_getupvalue(L_, idx, i); ++i) {
          h += mix(ref(-1) + static_cast<uint64_t>(i));
          lua_pop(L_, 1);
        }
        break;
      case LUA_TTHREAD: {
        // A suspended coroutine keeps its place and its locals: count where
        // it stands, which changes whenever it is resumed.
        lua_State* co = lua_tothread(L_, idx);
        h += mix(static_cast<uint64_t>(lua_status(co)) * 1000003 + static_cast<uint64_t>(lua_gettop(co)));
        lua_Debug ar;
        for (int level = 0; co != L_ && lua_getstack(co, level, &ar); ++level) {
          if (lua_getinfo(co, "l", &ar)) h += mix(static_cast<uint64_t>(ar.currentline) * 977 + static_cast<uint64_t>(level));
          for (int n = 1; lua_checkstack(co, 1) && lua_getlocal(co, &ar, n); ++n) {
            lua_xmove(co, L_, 1);
            h += mix(ref(-1) + static_cast<uint64_t>(level) * 7919 + static_cast<uint64_t>(n));
            lua_pop(L_, 1);
          }
        }
        break;
      }
      default: break;
    }
    return h;
  }

  lua_State* L_;
  int skip_;
  int queue_;  // a table the caller keeps, so that its array is reused
  lua_Integer queued_ = 0;
  ScriptWalkScratch& seen_;
};

}  // namespace

std::vector<std::string> sorted_string_keys(lua_State* L, int t) {
  std::vector<std::string> keys;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      size_t len = 0;
      const char* key = lua_tolstring(L, -2, &len);
      keys.emplace_back(key, len);
    }
    lua_pop(L, 1);
  }
  std::sort(keys.begin(), keys.end());
  return keys;
}

void ScriptWalkScratch::clear() {
  if (slots_.empty()) slots_.assign(1024, 0);
  else std::fill(slots_.begin(), slots_.end(), 0);
  used_ = 0;
}

bool ScriptWalkScratch::insert(const void* p) {
  if (2 * (used_ + 1) > slots_.size()) {  // keep it at most half full
    std::vector<uintptr_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    used_ = 0;
    for (uintptr_t q : old)
      if (q) insert(reinterpret_cast<const void*>(q));
  }
  const uintptr_t key = reinterpret_cast<uintptr_t>(p);
  const size_t mask = slots_.size() - 1;
  for (size_t i = mix(key) & mask;; i = (i + 1) & mask) {
    if (slots_[i] == key) return false;
    if (slots_[i] == 0) {
      slots_[i] = key;
      ++used_;
      return true;
    }
  }
}

uint64_t fingerprint_scripts(lua_State* L, int modules, int skip, int queue, ScriptWalkScratch& seen) {
  modules = lua_absindex(L, modules);
  luaL_checkstack(L, 16, "fingerprinting scripts");
  Walker w(L, skip, queue, seen);
  lua_pushnil(L);
  while (lua_next(L, modules)) {
    w.exclude(-1);
    lua_pop(L, 1);
  }
  // The same parts as below, summed in any order.
  uint64_t total = 0;
  lua_pushnil(L);
  while (lua_next(L, modules)) {
    const int m = lua_gettop(L);
    if (lua_istable(L, m)) {
      lua_pushnil(L);
      while (lua_next(L, m)) {
        const int v = lua_gettop(L);
        if (lua_isfunction(L, v) && !lua_iscfunction(L, v)) {
          w.exclude(v);
          for (int i = 1; lua_getupvalue(L, v, i); ++i) {
            total += w.ref(-1);
            lua_pop(L, 1);
          }
        } else {
          total += mix(w.ref(v - 1) * 31 + w.ref(v));
        }
        lua_pop(L, 1);
      }
      if (lua_getmetatable(L, m)) {
        total += mix(w.ref(-1));
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
  return total + w.drain();
}

std::vector<ScriptStatePart> describe_scripts(lua_State* L, int modules, int skip, int queue, ScriptWalkScratch& seen) {
  modules = lua_absindex(L, modules);
  luaL_checkstack(L, 16, "fingerprinting scripts");
  Walker w(L, skip, queue, seen);
  std::vector<ScriptStatePart> parts;
  const std::vector<std::string> keys = sorted_string_keys(L, modules);
  // Each module's table is a part of its own: another module that requires
  // it refers to it by identity only.
  for (const auto& key : keys) {
    lua_getfield(L, modules, key.c_str());
    w.exclude(-1);
    lua_pop(L, 1);
  }
  for (const auto& key : keys) {
    lua_getfield(L, modules, key.c_str());
    const int m = lua_gettop(L);
    if (!lua_istable(L, m)) {  // require() keeps true for a module that returns nothing
      lua_pop(L, 1);
      continue;
    }
    auto part = [&](std::string name, uint64_t h) { parts.push_back({key, std::move(name), h + w.drain()}); };
    for (const auto& field : sorted_string_keys(L, m)) {
      lua_pushlstring(L, field.data(), field.size());  // the whole key, NUL bytes and all
      lua_rawget(L, m);
      const int v = lua_gettop(L);
      if (lua_isfunction(L, v) && !lua_iscfunction(L, v)) {
        // Each upvalue is a part: it names the local a script changed.
        w.exclude(v);
        for (int i = 1; const char* name = lua_getupvalue(L, v, i); ++i) {
          std::string what = "upvalue '" + std::string(*name ? name : "?") + "' of M." + field;
          const uint64_t h = w.ref(-1);
          lua_pop(L, 1);
          part(std::move(what), h);
        }
      } else {
        const uint64_t h = w.ref(v);
        part("M." + field, h);
      }
      lua_pop(L, 1);
    }
    // Keys that are not strings, and the metatable, as one more part.
    uint64_t rest = 0;
    lua_pushnil(L);
    while (lua_next(L, m)) {
      if (lua_type(L, -2) != LUA_TSTRING) rest += mix(w.ref(-2) * 31 + w.ref(-1));
      lua_pop(L, 1);
    }
    if (lua_getmetatable(L, m)) {
      rest += mix(w.ref(-1));
      lua_pop(L, 1);
    }
    part("its other keys or metatable", rest);
    lua_pop(L, 1);
  }
  return parts;
}

std::string describe_script_state_change(const std::vector<ScriptStatePart>& before,
                                         const std::vector<ScriptStatePart>& after) {
  std::map<std::pair<std::string, std::string>, uint64_t> was;
  for (const auto& b : before) was[{b.module, b.name}] = b.hash;
  for (const auto& a : after) {
    auto first = was.lower_bound({a.module, ""});
    if (first == was.end() || first->first.first != a.module)
      return "module " + a.module + " was first required during a game (require it at the top of a script, so that it "
             "loads with the pack)";
    auto it = was.find({a.module, a.name});
    if (it == was.end()) return "module " + a.module + ": " + a.name + " is new";
    if (it->second != a.hash) return "module " + a.module + ": " + a.name + " (or what it holds) changed";
    was.erase(it);
  }
  if (!was.empty()) return "module " + was.begin()->first.first + ": " + was.begin()->first.second + " is gone";
  return "";
}

}  // namespace tabula
