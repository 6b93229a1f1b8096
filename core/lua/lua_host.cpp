// The host itself: its Lua state, the transactions that hold one choice's
// scripts to the limits, and the kernel's calls into scripts. The sandbox,
// the modules and value conversion are apart (sandbox.cpp, lua_modules.cpp, lua_values.cpp).
#include "core/lua/lua_host.h"

#include <lua.hpp>

#include <charconv>
#include <cstdio>
#include <stdexcept>

#include "core/lua/lua_host_internal.h"
#include "core/lua/lua_vars.h"
#include "core/lua/script_errors.h"
#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

LuaHost& LuaHost::of(lua_State* L) { return **static_cast<LuaHost**>(lua_getextraspace(L)); }

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

Value LuaHost::call_result(State& state, const Call& c) {
  run(state, c, nullptr, nullptr, nullptr, true);
  Value out;
  try {
    out = to_value(L_, -1);
  } catch (...) {  // not a value the kernel keeps (a function, a float): the caller says what it wanted
    out = Value();
  }
  lua_pop(L_, 1);
  return out;
}

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
  const int32_t saved_fn = fn_;
  state_ = &state;
  module_ = f.module;
  entity_ = c.entity;
  fn_ = c.fn;
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
  fn_ = saved_fn;
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

}  // namespace tabula
