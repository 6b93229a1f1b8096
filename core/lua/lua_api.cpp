// The `tabula` table: everything a script may do to the game, each a thin
// call into an Engine operation. Seats are numbered from 1 here, as Lua
// counts; entity ids are opaque integers. Documented in docs/lua-api.md.
//
// Names a script passes (definitions, properties, zones, tags, texts,
// parameters) are turned into the kernel's ids by plain Lua table lookups in
// tables shared by every function as upvalues: no string is copied and no
// host is looked up on the way (LuaHost::of reads the state's extra space).
#include <lua.hpp>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <stdexcept>

#include "core/lua/lua_host.h"
#include "core/lua/lua_vars.h"
#include "core/pack/text.h"
#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"
#include "core/state/outcome.h"
#include "core/state/state.h"

namespace tabula {

namespace {

// Upvalues of every function in the table.
enum Upvalue : int {
  kProps = 1,   // property name -> id
  kZones,       // zone id -> index in PackSet::zones
  kDefs,        // definition id -> DefId
  kTags,        // tag -> id
  kTexts,       // text key -> id
  kDefNames,    // DefId + 1 -> definition id
  kKindNames,   // kind index + 1 -> kind id
  kZoneNames,   // zone index + 1 -> zone id
  kParams,      // parameter name -> value (tables read-only)
  kDefStrings,  // def * properties + prop + 1 -> a definition's string, interned once
  // Interned field names, for raw reads of argument tables.
  kKeySeat,
  kKeyPrompt,
  kKeySecret,
  kKeyLabel,
  kKeyOptions,
  kKeyOnChoice,
  kKeyArgs,
  kKeyId,
  kKeyEntity,
  kKeyPick,
  kKeyMin,
  kKeyMax,
  kKeyRefresh,
  kKeyOnWithdraw,
  kUpvalues = kKeyOnWithdraw,
};
const char* const kKeyNames[] = {"seat", "prompt", "secret", "label",  "options", "on_choice", "args",
                                 "id",   "entity", "pick",   "min",    "max",     "refresh",   "on_withdraw"};

// table[key] for a plain table at absolute index t (no metamethods); pushes
// the value and returns its type.
int field(lua_State* L, int t, int key) {
  lua_pushvalue(L, lua_upvalueindex(key));
  return lua_rawget(L, t);
}

LuaHost& host(lua_State* L) { return LuaHost::of(L); }
Kernel& engine(lua_State* L) { return host(L).engine(); }
const PackSet& packs(lua_State* L) { return host(L).packs(); }

State& state(lua_State* L) {
  State* s = host(L).state();
  if (!s) luaL_error(L, "the tabula API is only available while the kernel runs a hook");
  return *s;
}

// Kernel errors become Lua errors, which carry the calling script's line.
template <class F>
int guarded(lua_State* L, F&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return luaL_error(L, "%s", e.what());
  }
}

// The id a name has in one of the lookup tables, or -1.
int32_t lookup(lua_State* L, int arg, int table) {
  if (lua_type(L, arg) != LUA_TSTRING) luaL_checkstring(L, arg);
  size_t len = 0;
  const char* p = lua_tolstring(L, arg, &len);
  LuaHost::NameSlot& slot = host(L).name_slot(p, table);
  if (slot.holds(p, len, table)) return slot.id;
  lua_pushvalue(L, arg);
  int32_t id = lua_rawget(L, lua_upvalueindex(table)) == LUA_TNUMBER ? static_cast<int32_t>(lua_tointeger(L, -1)) : -1;
  lua_pop(L, 1);
  slot.keep(p, len, table, id);
  return id;
}

int seat_arg(lua_State* L, int i, bool optional = false) {
  if (optional && lua_isnoneornil(L, i)) return -1;
  lua_Integer seat = luaL_checkinteger(L, i);
  lua_Integer n = static_cast<lua_Integer>(state(L).seats.size());
  if (seat < 1 || seat > n) luaL_error(L, "seat %I out of range 1..%I", seat, n);
  return static_cast<int>(seat - 1);
}

EntityId entity_arg(lua_State* L, int i) {
  lua_Integer id = luaL_checkinteger(L, i);
  if (id < 0 || id >= static_cast<lua_Integer>(state(L).entities.size())) luaL_error(L, "no entity #%I", id);
  return static_cast<EntityId>(id);
}

const Entity& entity_at(lua_State* L, int i) { return state(L).entities[entity_arg(L, i)]; }

void push_ids(lua_State* L, const std::vector<EntityId>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (size_t i = 0; i < ids.size(); ++i) {
    lua_pushinteger(L, ids[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

Value opt_value(lua_State* L, int i) { return lua_isnoneornil(L, i) ? Value() : LuaHost::to_value(L, i); }

int zone_arg(lua_State* L, int zi, int si) {
  int32_t zd = lookup(L, zi, kZones);
  if (zd < 0) luaL_error(L, "unknown zone '%s'", lua_tostring(L, zi));
  const PackSet& p = packs(L);
  State& s = state(L);
  int seat = -1;
  if (p.zones[zd].per_seat) {
    if (lua_isnoneornil(L, si))
      luaL_error(L, "zone '%s' belongs to a seat; give a seat (1..%d)", lua_tostring(L, zi), static_cast<int>(s.seats.size()));
    seat = seat_arg(L, si);
  }
  return p.zone_index(zd, seat, static_cast<int>(s.seats.size()));
}

int32_t prop_arg(lua_State* L, int i) {
  int32_t p = lookup(L, i, kProps);
  if (p < 0) luaL_error(L, "no kind declares a property '%s'", lua_tostring(L, i));
  return p;
}

int64_t checked_add(lua_State* L, int64_t a, int64_t b) {
  int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) luaL_error(L, "integer overflow (%I + %I)", a, b);
  return r;
}

// --- texts -------------------------------------------------------------------

int32_t text_key(lua_State* L, int idx) {
  int32_t key = lookup(L, idx, kTexts);
  if (key < 0) luaL_error(L, "unknown text '%s' (texts are declared in the pack's [pack] texts files)", lua_tostring(L, idx));
  return key;
}

// A text's arguments are bounded as a whole: their nesting (lists in lists,
// texts in texts) and the count of values in them. A Lua table that holds
// itself, or a DAG that doubles at each level, ends at these bounds.
constexpr int kTextArgDepth = 16;
constexpr size_t kTextArgValues = 4096;

struct TextArgs {
  lua_State* L;
  size_t values = 0;

  Value args(int t, int depth) {
    Dict out;
    lua_pushnil(L);
    while (lua_next(L, t)) {
      if (lua_type(L, -2) == LUA_TSTRING) {
        size_t len = 0;
        const char* key = lua_tolstring(L, -2, &len);
        LuaHost::check_text(L, std::string_view(key, len), "a text argument's name");
        host(L).charge_copy(L, entry_bytes(std::string_view(key, len)));
        out.emplace_back(std::string(key, len), value(-1, depth));
      }
      lua_pop(L, 1);
    }
    return out.empty() ? Value() : Value::dict(std::move(out));
  }

  // An argument of a text: a nested text ({"key", ...} with one item)
  // becomes { text = key, args = {...} }, anything else a kept value.
  Value value(int idx, int depth) {
    idx = lua_absindex(L, idx);
    if (depth > kTextArgDepth) luaL_error(L, "text argument nested too deeply (more than %d levels)", kTextArgDepth);
    if (++values > kTextArgValues)
      luaL_error(L, "text arguments too large (more than %d values)", static_cast<int>(kTextArgValues));
    if (lua_type(L, idx) == LUA_TTABLE && !LiveTables::is_kernel_table(L, idx) && lua_rawlen(L, idx) == 1) {
      const bool keyed = lua_rawgeti(L, idx, 1) == LUA_TSTRING;
      const int32_t key = keyed ? lookup(L, -1, kTexts) : -1;
      lua_pop(L, 1);
      if (key >= 0 && depth < 8) {
        host(L).charge_copy(L, sizeof(Dict) + 2 * entry_bytes("text"));
        Value nested = Value::dict();
        nested.set("text", Value(packs(L).texts[key].key));
        nested.set("args", args(idx, depth + 1));
        return nested;
      }
    }
    if (lua_type(L, idx) == LUA_TTABLE && !LiveTables::is_kernel_table(L, idx)) {
      // A list of texts, or of values: each item as an argument would be.
      const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, idx));
      lua_Integer count = 0;
      lua_pushnil(L);
      while (count <= n && lua_next(L, idx)) {
        ++count;
        lua_pop(L, 1);
      }
      if (count > n) lua_pop(L, 1);  // the key lua_next left
      if (n > 0 && count == n) {
        host(L).charge_copy(L, static_cast<size_t>(count) * sizeof(Value));  // items copied anew wherever the list is shared
        List items;
        for (lua_Integer i = 1; i <= n; ++i) {
          lua_rawgeti(L, idx, i);
          items.push_back(value(-1, depth + 1));
          lua_pop(L, 1);
        }
        return Value::list(std::move(items));
      }
    }
    Value v = LuaHost::to_value(L, idx);
    values += v.is_table() ? (v.is_list() ? v.items().size() : v.entries().size()) : 0;
    return v;
  }
};

// A text argument: a key, or {key, name = value, ...}. In playout mode only
// the key is checked.
TextRef text_ref(lua_State* L, int idx, const char* what) {
  idx = lua_absindex(L, idx);
  TextRef t;
  if (lua_type(L, idx) == LUA_TSTRING) {
    t.key = text_key(L, idx);
  } else if (lua_type(L, idx) == LUA_TTABLE) {
    if (lua_rawgeti(L, idx, 1) != LUA_TSTRING)
      luaL_error(L, "%s: a text is a key or { \"key\", name = value, ... }", what);
    t.key = text_key(L, -1);
    lua_pop(L, 1);
    if (!engine(L).quiet()) t.args = TextArgs{L}.args(idx, 0);
  } else {
    luaL_error(L, "%s: a text is a key or { \"key\", name = value, ... }, not a %s", what, luaL_typename(L, idx));
  }
  return t;
}

// --- entities ----------------------------------------------------------------

int l_create(lua_State* L) {
  int32_t def = lookup(L, 1, kDefs);
  if (def < 0) return luaL_error(L, "unknown entity definition '%s'", lua_tostring(L, 1));
  int zone = zone_arg(L, 2, 3);
  int seat = seat_arg(L, 3, true);
  return guarded(L, [&] {
    lua_pushinteger(L, engine(L).create_entity(state(L), def, zone, seat));
    host(L).account(L);  // State::kept_bytes grew
    return 1;
  });
}

int l_move(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int z = zone_arg(L, 2, 3);
  int pos = -1;
  if (lua_type(L, 4) == LUA_TSTRING) {
    const char* p = lua_tostring(L, 4);
    if (std::string_view(p) == "front") pos = 0;
    else if (std::string_view(p) != "back") return luaL_error(L, "position must be 'front', 'back' or a number");
  } else if (!lua_isnoneornil(L, 4)) {
    lua_Integer n = luaL_checkinteger(L, 4);
    pos = n < 1 || n > INT32_MAX ? -1 : static_cast<int>(n - 1);
  }
  return guarded(L, [&] {
    engine(L).move_entity(state(L), id, z, pos);
    return 0;
  });
}

int l_remove(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  return guarded(L, [&] {
    engine(L).move_entity(state(L), id, -1);
    return 0;
  });
}

int l_def(lua_State* L) {
  lua_rawgeti(L, lua_upvalueindex(kDefNames), entity_at(L, 1).def + 1);
  return 1;
}

int l_kind(lua_State* L) {
  lua_rawgeti(L, lua_upvalueindex(kKindNames), packs(L).defs[entity_at(L, 1).def]->kind_index + 1);
  return 1;
}

int l_has_tag(lua_State* L) {
  const EntityDef& d = *packs(L).defs[entity_at(L, 1).def];
  int32_t tag = lookup(L, 2, kTags);
  lua_pushboolean(L, tag >= 0 && std::binary_search(d.tag_ids.begin(), d.tag_ids.end(), tag));
  return 1;
}

// Whether definition `def`'s kind declares property `p` (-1: no kind does).
bool declares(const PackSet& ps, int32_t def, int32_t p) {
  return p >= 0 && ps.prop_types[static_cast<size_t>(ps.defs[def]->kind_index) * ps.prop_names.size() + p] >= 0;
}

// A property the kind does not declare: the default when the script gave
// one (a third argument, even nil), else an error that says what to do.
int undeclared(lua_State* L, int32_t def, EntityId id) {
  if (lua_gettop(L) >= 3) {
    lua_settop(L, 3);
    return 1;
  }
  const EntityDef& d = *packs(L).defs[def];
  const std::string p = lua_tostring(L, 2);
  const std::string who = id >= 0 ? "entity " + d.id + " #" + std::to_string(id) : "definition " + d.id;
  const std::string call = id >= 0 ? "tabula.get(id, '" + p + "', default)" : "tabula.def_get('" + d.id + "', '" + p + "', default)";
  return luaL_error(L, "%s (kind '%s') has no property '%s'; check with tabula.has(id, '%s') first, or give a default: %s",
                    who.c_str(), d.kind.c_str(), p.c_str(), p.c_str(), call.c_str());
}

// A definition's string property, which never changes while the pack is
// loaded: interning it again on every read cost more than the read.
int push_def_string(lua_State* L, int32_t def, int32_t p, const Value& v) {
  const lua_Integer slot = static_cast<lua_Integer>(def) * static_cast<lua_Integer>(packs(L).prop_names.size()) + p + 1;
  if (lua_rawgeti(L, lua_upvalueindex(kDefStrings), slot) == LUA_TSTRING) return 1;
  lua_pop(L, 1);
  const std::string_view str = v.as_str();
  lua_pushlstring(L, str.data(), str.size());
  lua_pushvalue(L, -1);
  lua_rawseti(L, lua_upvalueindex(kDefStrings), slot);
  return 1;
}

int l_get(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int32_t p = lookup(L, 2, kProps);
  const int32_t def = state(L).entities[id].def;
  if (!declares(packs(L), def, p)) return undeclared(L, def, id);
  const Value& v = engine(L).prop(state(L), id, p);
  if (v.is_nil() && lua_gettop(L) >= 3) {
    lua_settop(L, 3);
    return 1;
  }
  if (v.is_str() && &v == &packs(L).def_prop(def, p)) return push_def_string(L, def, p, v);
  LuaHost::push_value(L, v);
  return 1;
}

int l_set(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int32_t p = prop_arg(L, 2);
  Value v = opt_value(L, 3);
  return guarded(L, [&] {
    engine(L).set_prop(state(L), id, p, std::move(v));
    host(L).account(L);
    return 0;
  });
}

int l_add(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int32_t p = prop_arg(L, 2);
  State& s = state(L);
  int64_t v = checked_add(L, engine(L).prop(s, id, p).as_int(), luaL_checkinteger(L, 3));
  return guarded(L, [&] {
    engine(L).set_prop(s, id, p, Value(v));
    host(L).account(L);
    lua_pushinteger(L, v);
    return 1;
  });
}

int l_owner(lua_State* L) {
  int o = entity_at(L, 1).owner;
  if (o < 0) lua_pushnil(L);
  else lua_pushinteger(L, o + 1);
  return 1;
}

int l_set_owner(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  state(L).entities[id].owner = seat_arg(L, 2, true);
  return 0;
}

int l_where(lua_State* L) {
  const State& s = state(L);
  EntityId id = entity_arg(L, 1);
  const Entity& e = s.entities[id];
  if (e.zone < 0) return 0;
  const Zone& z = s.zones[e.zone];
  lua_rawgeti(L, lua_upvalueindex(kZoneNames), z.def + 1);
  if (z.seat >= 0) lua_pushinteger(L, z.seat + 1);
  else lua_pushnil(L);
  const auto& items = z.items;
  lua_pushinteger(L, std::find(items.begin(), items.end(), id) - items.begin() + 1);  // 1 = front
  return 3;
}

int l_face_up(lua_State* L) {
  lua_pushboolean(L, entity_at(L, 1).face_up);
  return 1;
}

int l_turn(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  state(L).entities[id].face_up = lua_toboolean(L, 2);
  return 0;
}

// --- zones -------------------------------------------------------------------

int l_zone(lua_State* L) {
  push_ids(L, state(L).zones[zone_arg(L, 1, 2)].items);
  return 1;
}

// The entities standing on the nodes of a graph whose nodes are zones, in
// node order then zone order; with a kind, only the entities of that kind.
// One call instead of a tabula.zone per node.
int l_placed(lua_State* L) {
  const char* graph = luaL_checkstring(L, 1);
  const Kernel& e = engine(L);
  const int32_t g = e.graphs().graph(graph);
  if (g < 0) return luaL_error(L, "placed: unknown graph '%s'", graph);
  const PackSet& ps = packs(L);
  int32_t kind = -1;
  if (!lua_isnoneornil(L, 2)) {
    const char* name = luaL_checkstring(L, 2);
    auto it = std::lower_bound(ps.kind_names.begin(), ps.kind_names.end(), std::string_view(name));
    if (it == ps.kind_names.end() || *it != name) return luaL_error(L, "placed: unknown kind '%s'", name);
    kind = static_cast<int32_t>(it - ps.kind_names.begin());
  }
  const State& s = state(L);
  const int seats = static_cast<int>(s.seats.size());
  lua_createtable(L, 0, 0);
  lua_Integer i = 0;
  for (int32_t n : e.graphs().nodes(g)) {
    const int32_t zd = e.node_zone_def(n);
    if (zd < 0) return luaL_error(L, "placed: the nodes of graph '%s' are not zones (zones = true)", graph);
    for (EntityId id : s.zones[ps.zone_index(zd, -1, seats)].items) {
      if (kind >= 0 && ps.defs[s.entities[id].def]->kind_index != kind) continue;
      lua_pushinteger(L, static_cast<lua_Integer>(id));
      lua_rawseti(L, -2, ++i);
    }
  }
  return 1;
}

int l_count(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(state(L).zones[zone_arg(L, 1, 2)].items.size()));
  return 1;
}

int l_shuffle(lua_State* L) {
  int z = zone_arg(L, 1, 2);
  return guarded(L, [&] {  // a test's forced order may not fit (Engine::force_chance)
    engine(L).shuffle_zone(state(L), z);
    return 0;
  });
}

// --- seats, variables, parameters ------------------------------------------------

int l_seats(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(state(L).seats.size()));
  return 1;
}

// After a write to one of the state's sorted dicts of `entries`: the memory
// account, and (under an instruction budget) the entries a new name may
// have shifted, which no hook sees.
void kept(lua_State* L, size_t entries) {
  LuaHost& h = host(L);
  h.charge_steps(L, static_cast<int64_t>(entries));
  h.account(L);
}

// A name (of a counter, a secret, a variable, an event...): the kernel may
// keep it, so it is UTF-8 text.
std::string_view str_arg(lua_State* L, int i) {
  size_t n = 0;
  const char* s = luaL_checklstring(L, i, &n);
  LuaHost::check_text(L, std::string_view(s, n), "a name");
  return {s, n};
}

int l_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  LuaHost::push_value(L, dict_get(state(L).seats[seat].counters, str_arg(L, 2)));
  return 1;
}

int l_add_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  std::string_view name = str_arg(L, 2);
  State& s = state(L);
  int64_t v = checked_add(L, dict_get(s.seats[seat].counters, name).as_int(), luaL_checkinteger(L, 3));
  s.set_counter(seat, name, Value(v));
  kept(L, s.seats[seat].counters.size());
  lua_pushinteger(L, v);
  return 1;
}

int l_set_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  std::string_view name = str_arg(L, 2);
  State& s = state(L);
  s.set_counter(seat, name, opt_value(L, 3));
  kept(L, s.seats[seat].counters.size());
  return 0;
}

int l_secret(lua_State* L) {
  int seat = seat_arg(L, 1);
  LuaHost::push_value(L, dict_get(state(L).seats[seat].secret, str_arg(L, 2)));
  return 1;
}

int l_set_secret(lua_State* L) {
  int seat = seat_arg(L, 1);
  std::string_view name = str_arg(L, 2);
  State& s = state(L);
  s.set_secret(seat, name, opt_value(L, 3));
  kept(L, s.seats[seat].secret.size());
  return 0;
}

int l_var(lua_State* L) {
  luaL_checkstring(L, 1);
  host(L).live().push_var(L, state(L), 1);
  return 1;
}

int l_set_var(lua_State* L) {
  std::string_view name = str_arg(L, 1);
  State& s = state(L);
  const uint64_t before = s.tables_version();
  s.set_var(name, opt_value(L, 2));
  if (s.tables_version() != before) host(L).live().replaced(L, s, 1, before);
  kept(L, s.vars().size());
  return 0;
}

int l_param(lua_State* L) {
  luaL_checkstring(L, 1);
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(kParams)) == LUA_TNIL)
    return luaL_error(L, "unknown parameter '%s'", lua_tostring(L, 1));
  return 1;
}

int l_option(lua_State* L) {
  LuaHost::push_value(L, dict_get(state(L).options, str_arg(L, 1)));
  return 1;
}

int l_start_seat(lua_State* L) {
  lua_pushinteger(L, state(L).start_seat + 1);
  return 1;
}

int l_set_start_seat(lua_State* L) {
  state(L).start_seat = seat_arg(L, 1);
  return 0;
}

int l_current_seat(lua_State* L) {
  int s = engine(L).current_seat(state(L));
  if (s < 0) lua_pushnil(L);
  else lua_pushinteger(L, s + 1);
  return 1;
}

int l_random(lua_State* L) {
  lua_Integer n = luaL_checkinteger(L, 1);
  if (n < 1) return luaL_error(L, "random(n) needs n >= 1");
  return guarded(L, [&] {  // a test's forced draw may not fit (Engine::force_chance)
    lua_pushinteger(L, static_cast<lua_Integer>(engine(L).random_below(state(L), static_cast<uint64_t>(n))) + 1);
    return 1;
  });
}

// --- decisions, scheduling, events ---------------------------------------------------

// An option's id: an integer (ctx.choice is then an integer) or a string.
void option_id(lua_State* L, int idx, Option& o) {
  int isnum = 0;
  const int type = lua_type(L, idx);
  const lua_Integer v = type == LUA_TNUMBER ? lua_tointegerx(L, idx, &isnum) : 0;
  if (isnum) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    o.id.assign(buf, r.ptr);
    o.int_id = true;
  } else if (lua_type(L, idx) == LUA_TSTRING) {
    size_t len = 0;
    const char* id = lua_tolstring(L, idx, &len);
    if (len > 15) host(L).charge_copy(L, len + 1);  // std::string keeps 15 bytes in place
    o.id.assign(id, len);  // whole: cut at a NUL, two ids could become one
    if (o.id.empty()) luaL_error(L, "decide: an option id may not be empty");
    LuaHost::check_text(L, o.id, "decide: an option id");
  } else {
    luaL_error(L, "decide: an option id is an integer or a string, not a %s", luaL_typename(L, idx));
  }
}

// A function named by string (a function of module m) or given as a value
// (a function of any loaded module, so that an expansion hands over its own).
int32_t function_arg(lua_State* L, int m, int idx, const char* what) {
  if (lua_type(L, idx) == LUA_TFUNCTION) {
    const int32_t fn = host(L).function_of_value(L, idx);
    if (fn < 0)
      luaL_error(L, "%s: the function given is not one of a pack module's functions (export it in the module's table)",
                 what);
    return fn;
  }
  int32_t fn = host(L).lua_function_id(L, m, idx);
  if (fn < 0) {
    luaL_checkstring(L, idx);
    luaL_error(L, "%s: '%s' is not a function of %s", what, lua_tostring(L, idx),
               m >= 0 ? host(L).module_key(m).c_str() : "(no module)");
  }
  return fn;
}

// A decision's options from the list at absolute index `opts` (decide's
// `options`, or what a refresh function returns).
void read_options(lua_State* L, int opts, std::vector<Option>& out) {
  const bool quiet = engine(L).quiet();
  const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, opts));
  host(L).charge_copy(L, static_cast<size_t>(n) * sizeof(Option));
  out.resize(static_cast<size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    Option& o = out[static_cast<size_t>(i - 1)];
    if (lua_rawgeti(L, opts, i) == LUA_TTABLE) {
      const int t = lua_gettop(L);
      field(L, t, kKeyId);
      option_id(L, -1, o);
      lua_pop(L, 1);
      if (field(L, t, kKeyEntity) != LUA_TNIL) o.entity = entity_arg(L, lua_gettop(L));
      lua_pop(L, 1);
      if (field(L, t, kKeyLabel) != LUA_TNIL && !quiet) o.label = text_ref(L, -1, "decide: option label");
      lua_pop(L, 1);
      if (field(L, t, kKeyOnChoice) != LUA_TNIL)
        o.on_choice = function_arg(L, host(L).current_module(), lua_gettop(L), "decide: option on_choice");
      lua_pop(L, 1);
    } else {
      option_id(L, -1, o);
    }
    lua_pop(L, 1);
  }
}

// decide's `pick = {min =, max =}`: bounds of a subset decision.
void read_pick(lua_State* L, int t, Decision& d) {
  auto bound = [&](int key, const char* name, lua_Integer fallback) {
    lua_Integer v = fallback;
    if (field(L, t, key) != LUA_TNIL) {
      int isnum = 0;
      v = lua_tointegerx(L, -1, &isnum);
      if (!isnum) luaL_error(L, "decide: pick.%s must be an integer", name);
    }
    lua_pop(L, 1);
    if (v < 0 || v > INT32_MAX) luaL_error(L, "decide: pick.%s must be 0 or more, not %I", name, v);
    return static_cast<int>(v);
  };
  d.pick_min = bound(kKeyMin, "min", 0);
  d.pick_max = bound(kKeyMax, "max", INT32_MAX);  // left out: as many as there are options
  if (d.pick_max < d.pick_min) luaL_error(L, "decide: pick.max (%d) is below pick.min (%d)", d.pick_max, d.pick_min);
}

// The reader LuaHost::call_options runs a refresh function through:
// reader(fn, ctx, out) calls fn(ctx) and reads its result into *out.
int l_read_options(lua_State* L) {
  auto* out = static_cast<std::vector<Option>*>(lua_touserdata(L, 3));
  lua_settop(L, 2);
  lua_call(L, 1, 1);
  if (lua_type(L, 1) != LUA_TTABLE)
    return luaL_error(L, "refresh must return a list of options (as decide's options; {} withdraws), not a %s",
                      luaL_typename(L, 1));
  if (LiveTables::is_kernel_table(L, 1)) LiveTables::push_data(L, 1);
  read_options(L, lua_gettop(L), *out);
  return 0;
}

int l_decide(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  LuaHost& h = host(L);
  const bool quiet = engine(L).quiet();
  // What reading the decision charges is its estimate while it stays open.
  const int64_t before = h.transient_bytes();
  h.charge_copy(L, sizeof(Decision));
  Decision d;
  field(L, 1, kKeySeat);
  d.seat = seat_arg(L, -1);
  lua_pop(L, 1);
  if (field(L, 1, kKeyPrompt) == LUA_TNIL) return luaL_error(L, "decide: a prompt is required (a text key or { \"key\", ... })");
  d.prompt = text_ref(L, -1, "decide: prompt");
  lua_pop(L, 1);
  field(L, 1, kKeySecret);
  d.secret = lua_toboolean(L, -1);
  lua_pop(L, 1);
  // A text for options that have no label of their own, given the option's id.
  if (field(L, 1, kKeyLabel) != LUA_TNIL && !quiet) d.option_label = text_ref(L, -1, "decide: label");
  lua_pop(L, 1);
  if (field(L, 1, kKeyOptions) != LUA_TTABLE) return luaL_error(L, "decide: options must be a list");
  if (LiveTables::is_kernel_table(L, -1)) LiveTables::push_data(L, -1);
  read_options(L, lua_gettop(L), d.options);
  lua_settop(L, 1);
  if (field(L, 1, kKeyPick) != LUA_TNIL) {
    if (lua_type(L, -1) != LUA_TTABLE) return luaL_error(L, "decide: pick must be a table {min = ..., max = ...}");
    read_pick(L, lua_gettop(L), d);
  }
  lua_pop(L, 1);
  if (field(L, 1, kKeyRefresh) != LUA_TNIL) d.refresh = function_arg(L, h.current_module(), -1, "decide: refresh");
  lua_pop(L, 1);
  if (field(L, 1, kKeyOnWithdraw) != LUA_TNIL)
    d.on_withdraw = function_arg(L, h.current_module(), -1, "decide: on_withdraw");
  lua_pop(L, 1);
  field(L, 1, kKeyOnChoice);
  d.then.fn = function_arg(L, h.current_module(), -1, "decide: on_choice");
  lua_pop(L, 1);
  d.then.entity = h.current_entity();
  d.then.kind = CallKind::Choice;
  field(L, 1, kKeyArgs);
  d.then.args = opt_value(L, -1);
  lua_pop(L, 1);
  d.bytes = h.transient_bytes() - before;
  return guarded(L, [&] {
    engine(L).decide(state(L), std::move(d));
    return 0;
  });
}

int l_withdraw(lua_State* L) {
  int seat = seat_arg(L, 1);
  return guarded(L, [&] {
    lua_pushboolean(L, engine(L).withdraw(state(L), seat));
    return 1;
  });
}

// The option ids of the seat's open decision, or nil when it has none.
int l_pending(lua_State* L) {
  const Decision* d = state(L).pending_for(seat_arg(L, 1));
  if (!d) return 0;
  lua_createtable(L, static_cast<int>(d->options.size()), 0);
  for (size_t i = 0; i < d->options.size(); ++i) {
    const Option& o = d->options[i];
    int64_t n = 0;
    if (o.int_id && std::from_chars(o.id.data(), o.id.data() + o.id.size(), n).ec == std::errc()) lua_pushinteger(L, n);
    else lua_pushlstring(L, o.id.data(), o.id.size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

const SeatGroup& group_arg(lua_State* L, int i) {
  std::string_view name = str_arg(L, i);
  const SeatGroup* g = engine(L).seat_group(name);
  if (!g) {
    std::string known;
    for (const auto& x : packs(L).seats.groups) known += (known.empty() ? "" : ", ") + x.name;
    luaL_error(L, "unknown seat group '%s' (declared: %s)", std::string(name).c_str(), known.empty() ? "none" : known.c_str());
  }
  return *g;
}

int l_group(lua_State* L) {
  const SeatGroup& g = group_arg(L, 1);
  const int end = g.end(static_cast<int>(state(L).seats.size()));
  lua_createtable(L, std::max(end - g.first, 0), 0);
  for (int seat = g.first; seat < end; ++seat) {
    lua_pushinteger(L, seat + 1);
    lua_rawseti(L, -2, seat - g.first + 1);
  }
  return 1;
}

int l_in_group(lua_State* L) {
  const int seat = seat_arg(L, 1);
  const SeatGroup& g = group_arg(L, 2);
  lua_pushboolean(L, seat >= g.first && seat < g.end(static_cast<int>(state(L).seats.size())));
  return 1;
}

int l_schedule(lua_State* L) {
  LuaHost& h = host(L);
  Call c;
  c.fn = function_arg(L, h.current_module(), 1, "schedule");
  c.kind = CallKind::Scheduled;
  c.args = opt_value(L, 2);
  c.entity = lua_isnoneornil(L, 3) ? h.current_entity() : entity_arg(L, 3);
  return guarded(L, [&] {
    engine(L).schedule(state(L), std::move(c));
    return 0;
  });
}

// Schedules a function of an entity's own script, with the entity as self:
// how rules hand control to a card, whose decisions then continue there.
int l_call(lua_State* L) {
  LuaHost& h = host(L);
  EntityId id = entity_arg(L, 1);
  const EntityDef& d = *packs(L).defs[state(L).entities[id].def];
  if (d.script.empty()) return luaL_error(L, "call: entity %s has no script", d.id.c_str());
  Call c;
  c.fn = function_arg(L, h.module_index(d.script), 2, "call");
  c.kind = CallKind::Called;
  c.entity = id;
  c.args = opt_value(L, 3);
  return guarded(L, [&] {
    engine(L).schedule(state(L), std::move(c));
    return 0;
  });
}

// Whether an entity's own script has function `fn`: rules ask before they
// hand a card a step that only some cards take (tabula.call errs otherwise).
int l_handles(lua_State* L) {
  LuaHost& h = host(L);
  EntityId id = entity_arg(L, 1);
  luaL_checkstring(L, 2);
  const EntityDef& d = *packs(L).defs[state(L).entities[id].def];
  lua_pushboolean(L, !d.script.empty() && h.lua_function_id(L, h.module_index(d.script), 2) >= 0);
  return 1;
}

int l_modify(lua_State* L) {
  std::string_view channel = str_arg(L, 1);
  int64_t amount = luaL_checkinteger(L, 2);
  Value ctx = opt_value(L, 3);
  // An empty Lua table reads as an empty list; here it means "no arguments".
  if (ctx.is_nil() || (ctx.is_list() && ctx.items().empty())) ctx = Value::dict();
  if (!ctx.is_dict()) return luaL_error(L, "modify: the third argument must be a table with string keys");
  return guarded(L, [&] {
    lua_pushinteger(L, engine(L).modify(state(L), channel, amount, ctx));
    return 1;
  });
}

// Every extend.<point> listener's list, concatenated in listener order.
int l_collect(lua_State* L) {
  std::string_view point = str_arg(L, 1);
  Value args = opt_value(L, 2);
  lua_settop(L, 2);
  lua_newtable(L);
  const int out = lua_gettop(L);
  lua_Integer n = 0;
  return guarded(L, [&] {
    engine(L).collect(state(L), point, args, [&] {
      if (LiveTables::is_kernel_table(L, -1)) {
        LiveTables::push_data(L, -1);
        lua_replace(L, -2);
      }
      const int type = lua_type(L, -1);
      if (type != LUA_TNIL && type != LUA_TTABLE)
        throw KernelError("collect: an extend." + std::string(point) + " listener returned a " + luaL_typename(L, -1) +
                          ", not a list or nil");
      const lua_Integer len = type == LUA_TTABLE ? static_cast<lua_Integer>(lua_rawlen(L, -1)) : 0;
      for (lua_Integer i = 1; i <= len; ++i) {
        lua_rawgeti(L, -1, i);
        lua_rawseti(L, out, ++n);
      }
      lua_pop(L, 1);
    });
    lua_settop(L, out);
    return 1;
  });
}

int l_start(lua_State* L) {
  std::string_view node = str_arg(L, 1);
  Value args = opt_value(L, 2);
  return guarded(L, [&] {
    engine(L).start_node(state(L), node, std::move(args));
    return 0;
  });
}

int l_emit(lua_State* L) {
  std::string_view event = str_arg(L, 1);
  Value args = opt_value(L, 2);
  return guarded(L, [&] {
    engine(L).emit(state(L), event, args);
    return 0;
  });
}

// --- combat --------------------------------------------------------------------------

int l_damage(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  lua_Integer amount = luaL_checkinteger(L, 2);
  Value info = opt_value(L, 3);
  return guarded(L, [&] {
    DamageResult r = engine(L).damage(state(L), id, amount, info);
    host(L).account(L);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, r.dealt);
    lua_setfield(L, -2, "dealt");
    lua_pushinteger(L, r.prevented);
    lua_setfield(L, -2, "prevented");
    lua_pushboolean(L, r.knocked_out);
    lua_setfield(L, -2, "knocked_out");
    return 1;
  });
}

int l_heal(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  lua_Integer amount = luaL_checkinteger(L, 2);
  Value info = opt_value(L, 3);
  return guarded(L, [&] {
    lua_pushinteger(L, engine(L).heal(state(L), id, amount, info));
    host(L).account(L);
    return 1;
  });
}

int l_knock_out(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  Value info = opt_value(L, 2);
  return guarded(L, [&] {
    engine(L).knock_out(state(L), id, info);
    host(L).account(L);
    return 0;
  });
}

int l_defenders(lua_State* L) {
  push_ids(L, engine(L).defenders(state(L)));
  return 1;
}

int l_attackers(lua_State* L) {
  push_ids(L, engine(L).attackers(state(L)));
  return 1;
}

int l_combat(lua_State* L) {
  const State& s = state(L);
  const CombatFrame& c = s.combat;
  if (!c.active) return 0;
  lua_createtable(L, 0, 4);
  if (c.seat >= 0) {
    lua_pushinteger(L, c.seat + 1);
    lua_setfield(L, -2, "seat");
  }
  lua_pushboolean(L, c.defeated);
  lua_setfield(L, -2, "defeated");
  if (const std::string* stage = engine(L).stage_name(s)) {
    lua_pushlstring(L, stage->data(), stage->size());
    lua_setfield(L, -2, "stage");
  }
  if (c.defeated) {
    lua_pushstring(L, c.attackers_lost ? "attackers" : "defenders");
    lua_setfield(L, -2, "lost");
  }
  return 1;
}

// --- journal and end -------------------------------------------------------------------

int l_log(lua_State* L) {
  TextRef t = text_ref(L, 1, "log");
  int seat = seat_arg(L, 2, true);
  return guarded(L, [&] {  // the journal line counts against the memory cap
    engine(L).log(state(L), std::move(t), seat);
    return 0;
  });
}

int l_game_over(lua_State* L) {
  Value result = opt_value(L, 1);
  // Checked here, so that a bad result is an error at the script's line
  // rather than a surprise in a tool's summary.
  Outcome outcome;
  const std::string why = read_outcome(result, static_cast<int>(state(L).seats.size()), outcome);
  if (!why.empty()) return luaL_error(L, "game_over: %s", why.c_str());
  TextRef text;
  if (!lua_isnoneornil(L, 2)) text = text_ref(L, 2, "game_over");
  engine(L).finish_game(state(L), std::move(result), std::move(text));
  return 0;
}

// --- definitions, reveals ------------------------------------------------------

int l_has(lua_State* L) {
  const int32_t def = entity_at(L, 1).def;
  lua_pushboolean(L, declares(packs(L), def, lookup(L, 2, kProps)));
  return 1;
}

// The ids of every definition, or of those of one kind and/or with one tag,
// in sorted order (definitions are numbered in id order).
int l_defs(lua_State* L) {
  const PackSet& ps = packs(L);
  int32_t kind = -1, tag = -1;
  if (!lua_isnoneornil(L, 1)) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 1)) {
      const char* key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "";
      if ((std::strcmp(key, "kind") == 0 || std::strcmp(key, "tag") == 0) && lua_type(L, -1) != LUA_TSTRING)
        return luaL_error(L, "defs: %s must be a string, not a %s", key, luaL_typename(L, -1));
      if (std::strcmp(key, "kind") == 0) {
        const char* name = lua_tostring(L, -1);
        auto it = std::lower_bound(ps.kind_names.begin(), ps.kind_names.end(), std::string_view(name));
        if (it == ps.kind_names.end() || *it != name) return luaL_error(L, "defs: unknown kind '%s'", name);
        kind = static_cast<int32_t>(it - ps.kind_names.begin());
      } else if (std::strcmp(key, "tag") == 0) {
        tag = lookup(L, lua_gettop(L), kTags);
        if (tag < 0) return luaL_error(L, "defs: no definition has the tag '%s'", lua_tostring(L, -1));
      } else {
        return luaL_error(L, "defs: filter by kind and tag only, not '%s'", luaL_tolstring(L, -2, nullptr));
      }
      lua_pop(L, 1);
    }
  }
  lua_createtable(L, 0, 0);
  lua_Integer n = 0;
  for (const EntityDef* d : ps.defs) {
    if (kind >= 0 && d->kind_index != kind) continue;
    if (tag >= 0 && !std::binary_search(d->tag_ids.begin(), d->tag_ids.end(), tag)) continue;
    lua_rawgeti(L, lua_upvalueindex(kDefNames), d->index + 1);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

int l_def_get(lua_State* L) {
  const int32_t def = lookup(L, 1, kDefs);
  if (def < 0) return luaL_error(L, "def_get: unknown entity definition '%s'", lua_tostring(L, 1));
  const int32_t p = lookup(L, 2, kProps);
  if (!declares(packs(L), def, p)) return undeclared(L, def, kNoEntity);
  const Value& v = packs(L).def_prop(def, p);
  if (v.is_nil() && lua_gettop(L) >= 3) {
    lua_settop(L, 3);
    return 1;
  }
  if (v.is_str()) return push_def_string(L, def, p, v);
  LuaHost::push_value(L, v);
  return 1;
}

int l_reveal(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int seat = seat_arg(L, 2);
  return guarded(L, [&] {
    engine(L).reveal(state(L), id, seat);
    host(L).account(L);
    return 0;
  });
}

int l_known(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  int seat = seat_arg(L, 2);
  lua_pushboolean(L, engine(L).known(state(L), id, seat));
  return 1;
}

// --- screens: texts and definitions, never a state -------------------------------

// tabula.text(text): a text rendered in the screen's language. No state is
// at hand, so entity slots show "#id": a screen names entities from its view.
int l_text(lua_State* L) {
  TextRef t;
  if (lua_type(L, 1) == LUA_TSTRING) {
    t.key = text_key(L, 1);
  } else if (lua_type(L, 1) == LUA_TTABLE && lua_rawgeti(L, 1, 1) == LUA_TSTRING) {
    t.key = text_key(L, -1);
    lua_pop(L, 1);
    t.args = TextArgs{L}.args(1, 0);
  } else {
    return luaL_error(L, "text: a text is a key or { \"key\", name = value, ... }");
  }
  const std::string out = render(packs(L), nullptr, t, host(L).lang());
  lua_pushlstring(L, out.data(), out.size());
  return 1;
}

// tabula.definition(def): what the manifests say of a definition, with its
// name and text in the screen's language.
int l_definition(lua_State* L) {
  const int32_t def = lookup(L, 1, kDefs);
  if (def < 0) return luaL_error(L, "definition: unknown entity definition '%s'", lua_tostring(L, 1));
  const EntityDef& d = *packs(L).defs[def];
  const std::string& lang = host(L).lang();
  lua_createtable(L, 0, 6);
  for (auto [key, value] : {std::pair<const char*, const std::string*>{"id", &d.id}, {"kind", &d.kind},
                            {"name", &d.name.get(lang)}, {"text", &d.card_text.get(lang)}}) {
    lua_pushlstring(L, value->data(), value->size());
    lua_setfield(L, -2, key);
  }
  lua_createtable(L, static_cast<int>(d.tags.size()), 0);
  for (size_t i = 0; i < d.tags.size(); ++i) {
    lua_pushlstring(L, d.tags[i].data(), d.tags[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "tags");
  LuaHost::push_value(L, Value::dict(d.props));
  lua_setfield(L, -2, "props");
  return 1;
}

// What a screen's `tabula` holds (with the graph queries): only functions
// that read the packs, so nothing a screen calls can reach a game.
const luaL_Reg kScreenApi[] = {
    {"param", l_param}, {"defs", l_defs}, {"def_get", l_def_get}, {"definition", l_definition}, {"text", l_text},
    {nullptr, nullptr}};

const luaL_Reg kApi[] = {
    {"create", l_create},         {"move", l_move},
    {"remove", l_remove},         {"def", l_def},
    {"kind", l_kind},             {"has_tag", l_has_tag},
    {"get", l_get},               {"set", l_set},
    {"add", l_add},               {"owner", l_owner},
    {"set_owner", l_set_owner},   {"where", l_where},
    {"face_up", l_face_up},       {"turn", l_turn},
    {"zone", l_zone},             {"count", l_count},           {"placed", l_placed},
    {"shuffle", l_shuffle},       {"seats", l_seats},
    {"counter", l_counter},       {"add_counter", l_add_counter},
    {"set_counter", l_set_counter}, {"secret", l_secret},
    {"set_secret", l_set_secret}, {"var", l_var},
    {"set_var", l_set_var},       {"param", l_param},
    {"option", l_option},         {"start_seat", l_start_seat},
    {"set_start_seat", l_set_start_seat}, {"current_seat", l_current_seat},
    {"random", l_random},         {"chance", lua_chance},
    {"decide", l_decide},
    {"schedule", l_schedule},     {"emit", l_emit},
    {"call", l_call},             {"handles", l_handles},
    {"modify", l_modify},         {"start", l_start},
    {"damage", l_damage},
    {"heal", l_heal},             {"knock_out", l_knock_out},
    {"defenders", l_defenders},   {"combat", l_combat},
    {"log", l_log},               {"game_over", l_game_over},
    {"withdraw", l_withdraw},     {"pending", l_pending},
    {"group", l_group},           {"in_group", l_in_group},
    {"has", l_has},               {"defs", l_defs},
    {"def_get", l_def_get},       {"reveal", l_reveal},
    {"known", l_known},
    {"attackers", l_attackers},
    {"collect", l_collect},
    {nullptr, nullptr}};

// A table name -> index for the names given.
template <class Names, class Name>
void push_index(lua_State* L, const Names& names, Name&& name_of) {
  lua_createtable(L, 0, static_cast<int>(names.size()));
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& n = name_of(names[i]);
    lua_pushlstring(L, n.data(), n.size());
    lua_pushinteger(L, static_cast<lua_Integer>(i));
    lua_rawset(L, -3);
  }
}

template <class Names, class Name>
void push_names(lua_State* L, const Names& names, Name&& name_of) {
  lua_createtable(L, static_cast<int>(names.size()), 0);
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string& n = name_of(names[i]);
    lua_pushlstring(L, n.data(), n.size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

}  // namespace

void register_api(lua_State* L, LuaHost& h) {
  const PackSet& p = h.packs();
  auto same = [](const std::string& s) -> const std::string& { return s; };
  luaL_checkstack(L, 2 * kUpvalues + 4, "registering the tabula table");  // the upvalues, twice, and the table
  lua_createtable(L, 0, sizeof(kApi) / sizeof(kApi[0]));
  push_index(L, p.prop_names, same);
  push_index(L, p.zones, [](const ZoneDef& z) -> const std::string& { return z.id; });
  push_index(L, p.defs, [](const EntityDef* d) -> const std::string& { return d->id; });
  push_index(L, p.tag_names, same);
  push_index(L, p.texts, [](const TextDef& t) -> const std::string& { return t.key; });
  push_names(L, p.defs, [](const EntityDef* d) -> const std::string& { return d->id; });
  push_names(L, p.kind_names, same);
  push_names(L, p.zones, [](const ZoneDef& z) -> const std::string& { return z.id; });
  lua_createtable(L, 0, static_cast<int>(p.params.size()));
  for (const auto& [name, param] : p.params) {
    lua_pushlstring(L, name.data(), name.size());
    h.live().push_frozen(L, param.value);
    lua_rawset(L, -3);
  }
  lua_newtable(L);  // kDefStrings, filled as scripts read them
  for (const char* key : kKeyNames) lua_pushstring(L, key);
  // The refresh reader shares the upvalues of the table's functions.
  for (int i = 0; i < kUpvalues; ++i) lua_pushvalue(L, -kUpvalues);
  lua_pushcclosure(L, l_read_options, kUpvalues);
  h.set_options_reader(luaL_ref(L, LUA_REGISTRYINDEX));
  luaL_setfuncs(L, h.api() == HostApi::Screen ? kScreenApi : kApi, kUpvalues);
  register_graph_api(L, h);
  lua_setglobal(L, "tabula");
}

std::vector<std::string> api_function_names() {
  std::vector<std::string> names;
  for (const luaL_Reg* r = kApi; r->name; ++r) names.emplace_back(r->name);
  for (const luaL_Reg* r = kScreenApi; r->name; ++r) names.emplace_back(r->name);
  for (auto& n : graph_api_names()) names.push_back(std::move(n));
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<std::string> screen_api_function_names() {
  std::vector<std::string> names;
  for (const luaL_Reg* r = kScreenApi; r->name; ++r) names.emplace_back(r->name);
  for (auto& n : graph_api_names()) names.push_back(std::move(n));
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tabula
