// The `tabula` table: everything a script may do to the game, each a thin
// call into an Engine operation. Seats are numbered from 1 here, as Lua
// counts; entity ids are opaque integers. Documented in docs/lua-api.md.
#include <lua.hpp>

#include <functional>
#include <stdexcept>

#include "core/engine.h"
#include "core/lua_host.h"
#include "core/state.h"

namespace tabula {

namespace {

LuaHost& host(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "tabula.host");
  auto* h = static_cast<LuaHost*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return *h;
}

State& state(lua_State* L) {
  State* s = host(L).state();
  if (!s) luaL_error(L, "the tabula API is only available while the kernel runs a hook");
  return *s;
}

Engine& engine(lua_State* L) { return host(L).engine(); }

// Kernel errors become Lua errors, which carry the calling script's line.
int guarded(lua_State* L, const std::function<int()>& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return luaL_error(L, "%s", e.what());
  }
}

int seat_arg(lua_State* L, int i, bool optional = false) {
  if (optional && lua_isnoneornil(L, i)) return -1;
  lua_Integer seat = luaL_checkinteger(L, i);
  int n = static_cast<int>(state(L).seats.size());
  if (seat < 1 || seat > n) luaL_error(L, "seat %d out of range 1..%d", (int)seat, n);
  return static_cast<int>(seat - 1);
}

EntityId entity_arg(lua_State* L, int i) {
  lua_Integer id = luaL_checkinteger(L, i);
  if (!state(L).entity(static_cast<EntityId>(id))) luaL_error(L, "no entity #%d", (int)id);
  return static_cast<EntityId>(id);
}

void push_ids(lua_State* L, const std::vector<EntityId>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (size_t i = 0; i < ids.size(); ++i) {
    lua_pushinteger(L, ids[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

Value opt_value(lua_State* L, int i) { return lua_isnoneornil(L, i) ? Value() : LuaHost::to_value(L, i); }

int zone_arg(lua_State* L, int zi, int si) {
  const char* z = luaL_checkstring(L, zi);
  int seat = seat_arg(L, si, true);
  return engine(L).zone_of_def(state(L), z, seat);
}

// --- entities ----------------------------------------------------------------

int l_create(lua_State* L) {
  return guarded(L, [&] {
    const char* def = luaL_checkstring(L, 1);
    const char* zone = luaL_checkstring(L, 2);
    int seat = seat_arg(L, 3, true);
    lua_pushinteger(L, engine(L).create_entity(state(L), def, zone, seat));
    return 1;
  });
}

int l_move(lua_State* L) {
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    int z = zone_arg(L, 2, 3);
    int pos = -1;
    if (lua_type(L, 4) == LUA_TSTRING) {
      std::string p = lua_tostring(L, 4);
      if (p == "front") pos = 0;
      else if (p != "back") luaL_error(L, "position must be 'front', 'back' or a number");
    } else if (!lua_isnoneornil(L, 4)) {
      pos = static_cast<int>(luaL_checkinteger(L, 4)) - 1;
    }
    engine(L).move_entity(state(L), id, z, pos);
    return 0;
  });
}

int l_remove(lua_State* L) {
  return guarded(L, [&] {
    engine(L).move_entity(state(L), entity_arg(L, 1), -1);
    return 0;
  });
}

int l_def(lua_State* L) {
  lua_pushstring(L, state(L).entity(entity_arg(L, 1))->def.c_str());
  return 1;
}

int l_kind(lua_State* L) {
  const EntityDef* d = engine(L).packs().entity(state(L).entity(entity_arg(L, 1))->def);
  lua_pushstring(L, d ? d->kind.c_str() : "");
  return 1;
}

int l_has_tag(lua_State* L) {
  const EntityDef* d = engine(L).packs().entity(state(L).entity(entity_arg(L, 1))->def);
  lua_pushboolean(L, d && d->has_tag(luaL_checkstring(L, 2)));
  return 1;
}

int l_name(lua_State* L) {
  const EntityDef* d = engine(L).packs().entity(state(L).entity(entity_arg(L, 1))->def);
  const char* lang = luaL_optstring(L, 2, "en");
  lua_pushstring(L, d ? d->name.get(lang).c_str() : "?");
  return 1;
}

int l_get(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  LuaHost::push_value(L, engine(L).prop(state(L), id, luaL_checkstring(L, 2)));
  return 1;
}

int l_set(lua_State* L) {
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    engine(L).set_prop(state(L), id, luaL_checkstring(L, 2), opt_value(L, 3));
    return 0;
  });
}

int l_add(lua_State* L) {
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    const char* key = luaL_checkstring(L, 2);
    int64_t v = engine(L).prop(state(L), id, key).as_int() + luaL_checkinteger(L, 3);
    engine(L).set_prop(state(L), id, key, Value(v));
    lua_pushinteger(L, v);
    return 1;
  });
}

int l_owner(lua_State* L) {
  int o = state(L).entity(entity_arg(L, 1))->owner;
  if (o < 0) lua_pushnil(L);
  else lua_pushinteger(L, o + 1);
  return 1;
}

int l_set_owner(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  state(L).entity(id)->owner = seat_arg(L, 2, true);
  return 0;
}

int l_where(lua_State* L) {
  const State& s = state(L);
  const Entity* e = s.entity(entity_arg(L, 1));
  if (e->zone < 0) return 0;
  const Zone& z = s.zones[e->zone];
  lua_pushstring(L, z.def.c_str());
  if (z.seat >= 0) lua_pushinteger(L, z.seat + 1);
  else lua_pushnil(L);
  // position within the zone, 1 = front
  const auto& items = z.items;
  lua_pushinteger(L, std::find(items.begin(), items.end(), e->id) - items.begin() + 1);
  return 3;
}

int l_face_up(lua_State* L) {
  lua_pushboolean(L, state(L).entity(entity_arg(L, 1))->face_up);
  return 1;
}

int l_turn(lua_State* L) {
  EntityId id = entity_arg(L, 1);
  luaL_checktype(L, 2, LUA_TBOOLEAN);
  state(L).entity(id)->face_up = lua_toboolean(L, 2);
  return 0;
}

// --- zones -------------------------------------------------------------------

int l_zone(lua_State* L) {
  return guarded(L, [&] {
    push_ids(L, state(L).zones[zone_arg(L, 1, 2)].items);
    return 1;
  });
}

int l_count(lua_State* L) {
  return guarded(L, [&] {
    lua_pushinteger(L, static_cast<lua_Integer>(state(L).zones[zone_arg(L, 1, 2)].items.size()));
    return 1;
  });
}

int l_shuffle(lua_State* L) {
  return guarded(L, [&] {
    engine(L).shuffle_zone(state(L), zone_arg(L, 1, 2));
    return 0;
  });
}

// --- seats, variables, parameters ------------------------------------------------

int l_seats(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(state(L).seats.size()));
  return 1;
}

int l_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  LuaHost::push_value(L, dict_get(state(L).seats[seat].counters, luaL_checkstring(L, 2)));
  return 1;
}

int l_add_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  const char* name = luaL_checkstring(L, 2);
  Dict& c = state(L).seats[seat].counters;
  int64_t v = dict_get(c, name).as_int() + luaL_checkinteger(L, 3);
  dict_set(c, name, Value(v));
  lua_pushinteger(L, v);
  return 1;
}

int l_set_counter(lua_State* L) {
  int seat = seat_arg(L, 1);
  dict_set(state(L).seats[seat].counters, luaL_checkstring(L, 2), opt_value(L, 3));
  return 0;
}

int l_secret(lua_State* L) {
  int seat = seat_arg(L, 1);
  LuaHost::push_value(L, dict_get(state(L).seats[seat].secret, luaL_checkstring(L, 2)));
  return 1;
}

int l_set_secret(lua_State* L) {
  int seat = seat_arg(L, 1);
  dict_set(state(L).seats[seat].secret, luaL_checkstring(L, 2), opt_value(L, 3));
  return 0;
}

int l_var(lua_State* L) {
  LuaHost::push_value(L, dict_get(state(L).vars, luaL_checkstring(L, 1)));
  return 1;
}

int l_set_var(lua_State* L) {
  dict_set(state(L).vars, luaL_checkstring(L, 1), opt_value(L, 2));
  return 0;
}

int l_param(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  auto it = engine(L).packs().params.find(name);
  if (it == engine(L).packs().params.end()) return luaL_error(L, "unknown parameter '%s'", name);
  LuaHost::push_value(L, it->second.value);
  return 1;
}

int l_option(lua_State* L) {
  LuaHost::push_value(L, dict_get(state(L).options, luaL_checkstring(L, 1)));
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
  lua_pushinteger(L, static_cast<lua_Integer>(engine(L).random_below(state(L), static_cast<uint64_t>(n))) + 1);
  return 1;
}

// --- decisions, scheduling, events ---------------------------------------------------

std::string field_string(lua_State* L, int t, const char* key, bool required) {
  lua_getfield(L, t, key);
  std::string out;
  if (lua_type(L, -1) == LUA_TSTRING) out = lua_tostring(L, -1);
  else if (lua_isinteger(L, -1)) out = std::to_string(lua_tointeger(L, -1));
  else if (required) luaL_error(L, "field '%s' must be a string", key);
  lua_pop(L, 1);
  return out;
}

int l_decide(lua_State* L) {
  return guarded(L, [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    LuaHost& h = host(L);
    Decision d;
    lua_getfield(L, 1, "seat");
    d.seat = seat_arg(L, -1);
    lua_pop(L, 1);
    d.prompt = field_string(L, 1, "prompt", true);
    lua_getfield(L, 1, "secret");
    d.secret = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 1, "options");
    luaL_checktype(L, -1, LUA_TTABLE);
    lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      luaL_checktype(L, -1, LUA_TTABLE);
      Option o;
      o.id = field_string(L, -1, "id", true);
      o.label = field_string(L, -1, "label", false);
      if (o.label.empty()) o.label = o.id;
      d.options.push_back(std::move(o));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    d.then.module = h.current_module();
    d.then.fn = field_string(L, 1, "on_choice", true);
    d.then.entity = static_cast<EntityId>(h.current_entity());
    d.then.what = "choice";
    lua_getfield(L, 1, "args");
    d.then.args = opt_value(L, -1);
    lua_pop(L, 1);
    if (!engine(L).host().has_function(d.then.module, d.then.fn))
      luaL_error(L, "decide: on_choice '%s' is not a function of %s", d.then.fn.c_str(), d.then.module.c_str());
    engine(L).decide(state(L), std::move(d));
    return 0;
  });
}

int l_schedule(lua_State* L) {
  return guarded(L, [&] {
    LuaHost& h = host(L);
    std::string fn = luaL_checkstring(L, 1);
    if (!h.has_function(h.current_module(), fn))
      luaL_error(L, "schedule: '%s' is not a function of %s", fn.c_str(), h.current_module().c_str());
    EntityId self = static_cast<EntityId>(h.current_entity());
    if (!lua_isnoneornil(L, 3)) self = entity_arg(L, 3);
    engine(L).schedule(state(L), Call{h.current_module(), fn, opt_value(L, 2), self, "scheduled " + fn});
    return 0;
  });
}

// Schedules a function of an entity's own script, with the entity as self:
// how rules hand control to a card, whose decisions then continue there.
int l_call(lua_State* L) {
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    std::string fn = luaL_checkstring(L, 2);
    const EntityDef* d = engine(L).packs().entity(state(L).entity(id)->def);
    if (!d || d->script.empty()) luaL_error(L, "call: entity %s has no script", state(L).entity(id)->def.c_str());
    if (!host(L).has_function(d->script, fn))
      luaL_error(L, "call: '%s' is not a function of %s", fn.c_str(), d->script.c_str());
    engine(L).schedule(state(L), Call{d->script, fn, opt_value(L, 3), id, "call " + fn});
    return 0;
  });
}

int l_modify(lua_State* L) {
  return guarded(L, [&] {
    const char* channel = luaL_checkstring(L, 1);
    int64_t amount = luaL_checkinteger(L, 2);
    Value ctx = opt_value(L, 3);
    // An empty Lua table reads as an empty list; here it means "no arguments".
    if (ctx.is_nil() || (ctx.is_list() && ctx.items().empty())) ctx = Value::dict();
    if (!ctx.is_dict()) luaL_error(L, "modify: the third argument must be a table with string keys");
    lua_pushinteger(L, engine(L).modify(state(L), channel, amount, ctx));
    return 1;
  });
}

int l_start(lua_State* L) {
  return guarded(L, [&] {
    engine(L).start_node(state(L), luaL_checkstring(L, 1));
    return 0;
  });
}

int l_emit(lua_State* L) {
  return guarded(L, [&] {
    engine(L).emit(state(L), luaL_checkstring(L, 1), opt_value(L, 2));
    return 0;
  });
}

// --- combat --------------------------------------------------------------------------

int l_damage(lua_State* L) {
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    DamageResult r = engine(L).damage(state(L), id, luaL_checkinteger(L, 2), opt_value(L, 3));
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
  return guarded(L, [&] {
    EntityId id = entity_arg(L, 1);
    lua_pushinteger(L, engine(L).heal(state(L), id, luaL_checkinteger(L, 2), opt_value(L, 3)));
    return 1;
  });
}

int l_knock_out(lua_State* L) {
  return guarded(L, [&] {
    engine(L).knock_out(state(L), entity_arg(L, 1), opt_value(L, 2));
    return 0;
  });
}

int l_defenders(lua_State* L) {
  push_ids(L, engine(L).defenders(state(L)));
  return 1;
}

int l_combat(lua_State* L) {
  const CombatFrame& c = state(L).combat;
  if (!c.active) return 0;
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, c.seat + 1);
  lua_setfield(L, -2, "seat");
  lua_pushboolean(L, c.defeated);
  lua_setfield(L, -2, "defeated");
  const auto& stages = engine(L).packs().combat.stages;
  if (c.stage >= 0 && c.stage < static_cast<int>(stages.size())) {
    lua_pushstring(L, stages[c.stage].c_str());
    lua_setfield(L, -2, "stage");
  }
  return 1;
}

// --- journal and end -------------------------------------------------------------------

int l_log(lua_State* L) {
  std::string text = luaL_checkstring(L, 1);
  int seat = seat_arg(L, 2, true);
  engine(L).log(state(L), std::move(text), seat);
  return 0;
}

int l_game_over(lua_State* L) {
  engine(L).finish_game(state(L), opt_value(L, 1));
  return 0;
}

const luaL_Reg kApi[] = {
    {"create", l_create},         {"move", l_move},
    {"remove", l_remove},         {"def", l_def},
    {"kind", l_kind},             {"has_tag", l_has_tag},
    {"name", l_name},             {"get", l_get},
    {"set", l_set},               {"add", l_add},
    {"owner", l_owner},           {"set_owner", l_set_owner},
    {"where", l_where},           {"face_up", l_face_up},
    {"turn", l_turn},             {"zone", l_zone},
    {"count", l_count},           {"shuffle", l_shuffle},
    {"seats", l_seats},           {"counter", l_counter},
    {"add_counter", l_add_counter}, {"set_counter", l_set_counter},
    {"secret", l_secret},         {"set_secret", l_set_secret},
    {"var", l_var},               {"set_var", l_set_var},
    {"param", l_param},           {"option", l_option},
    {"start_seat", l_start_seat}, {"set_start_seat", l_set_start_seat},
    {"current_seat", l_current_seat}, {"random", l_random},
    {"decide", l_decide},         {"schedule", l_schedule},
    {"emit", l_emit},             {"call", l_call},
    {"modify", l_modify},         {"start", l_start},
    {"damage", l_damage},
    {"heal", l_heal},             {"knock_out", l_knock_out},
    {"defenders", l_defenders},   {"combat", l_combat},
    {"log", l_log},               {"game_over", l_game_over},
    {nullptr, nullptr}};

}  // namespace

void register_api(lua_State* L) {
  luaL_newlib(L, kApi);
  lua_setglobal(L, "tabula");
}

std::vector<std::string> api_function_names() {
  std::vector<std::string> names;
  for (const luaL_Reg* r = kApi; r->name; ++r) names.emplace_back(r->name);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace tabula
