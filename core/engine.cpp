#include "core/engine.h"

#include <algorithm>
#include <functional>
#include <set>

#include "core/lua_host.h"

namespace tabula {

ScriptError::ScriptError(std::string pack_, std::string where_, std::string entity_, std::string hook_,
                         std::string message_)
    : std::runtime_error("script error" + (pack_.empty() ? std::string() : " in pack " + pack_) +
                         (where_.empty() ? std::string() : " at " + where_) +
                         (entity_.empty() ? std::string() : ", entity " + entity_) +
                         (hook_.empty() ? std::string() : ", hook " + hook_) + ": " + message_),
      pack(std::move(pack_)),
      where(std::move(where_)),
      entity(std::move(entity_)),
      hook(std::move(hook_)),
      message(std::move(message_)) {}

namespace {
// Thrown for misuse of the kernel API by a script (bad zone name, a second
// pending decision for one seat, ...); the Lua API turns it into a Lua error
// so the report names the script line.
struct KernelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Marks a stretch in which scripts may only answer (queries, modifiers):
// scheduling, deciding and starting nodes are refused.
class QueryMode {
 public:
  explicit QueryMode(bool& flag) : flag_(flag), saved_(flag) { flag_ = true; }
  ~QueryMode() { flag_ = saved_; }
  QueryMode(const QueryMode&) = delete;
  QueryMode& operator=(const QueryMode&) = delete;

 private:
  bool& flag_;
  bool saved_;
};
}  // namespace

Engine::Engine(std::unique_ptr<PackSet> packs, Limits limits) : packs_(std::move(packs)) {
  for (const auto& [id, node] : packs_->flow) node_ids_.push_back(id);
  host_ = std::make_unique<LuaHost>(*this, *packs_, limits);
  host_->load_all();
  // Listener index: which modules handle which events and modifiers. Rule
  // modules (every module no entity definition names) come first, in module
  // key order; entity handlers follow in entity id order (see docs/architecture.md).
  std::set<std::string> entity_modules;
  for (const auto& [id, def] : packs_->entities)
    if (!def.script.empty()) entity_modules.insert(def.script);
  for (const auto& [key, file] : packs_->scripts) {
    bool is_entity = entity_modules.count(key) > 0;
    for (const char* table : {"on", "modify"}) {
      for (const auto& name : host_->table_keys(key, table)) {
        std::string slot = std::string(table) + "." + name;
        if (is_entity) entity_listeners_[slot].insert(key);
        else rule_listeners_[slot].push_back(key);
      }
    }
  }
}

Engine::~Engine() = default;

int Engine::node_index(std::string_view id) const {
  auto it = std::lower_bound(node_ids_.begin(), node_ids_.end(), id);
  return (it != node_ids_.end() && *it == id) ? static_cast<int>(it - node_ids_.begin()) : -1;
}

State Engine::blank_state(uint64_t seed, int seats, Dict options) const {
  State s;
  s.seed = seed;
  s.rng = Rng(seed);
  for (int i = 0; i < seats; ++i) {
    Seat seat;
    seat.name = "Seat " + std::to_string(i + 1);
    seat.counters = packs_->seats.counters;
    s.seats.push_back(std::move(seat));
  }
  for (const auto& zd : packs_->zones) {
    if (zd.per_seat) {
      for (int i = 0; i < seats; ++i) s.zones.push_back({zone_key(zd.id, i), zd.id, i, {}});
    } else {
      s.zones.push_back({zd.id, zd.id, -1, {}});
    }
  }
  std::sort(s.zones.begin(), s.zones.end(), [](const Zone& a, const Zone& b) { return a.key < b.key; });
  s.options = std::move(options);
  return s;
}

void Engine::start(State& s) {
  int root = node_index(packs_->flow_root);
  if (root < 0) throw ScriptError(packs_->id(), "", "", "flow", "the flow has no root node '" + packs_->flow_root + "'");
  s.flow.clear();
  s.flow.push_back(FlowFrame{root});
  run(s);
}

State Engine::new_game(uint64_t seed, int seats, Dict options) {
  State s = blank_state(seed, seats, std::move(options));
  start(s);
  return s;
}

void Engine::run(State& s) {
  while (s.pending.empty() && !s.over) {
    if (!s.agenda.empty()) {
      Call c = std::move(s.agenda.back());
      s.agenda.pop_back();
      invoke(s, c, Value());
      continue;
    }
    if (s.flow.empty()) {
      s.over = true;
      break;
    }
    advance_flow(s);
  }
}

ApplyResult Engine::apply(State& s, int seat, std::string_view option_id) {
  auto it = std::find_if(s.pending.begin(), s.pending.end(), [&](const Decision& d) { return d.seat == seat; });
  if (s.over) return {false, "the game is over"};
  if (it == s.pending.end()) {
    std::string who;
    for (const auto& d : s.pending) who += (who.empty() ? "" : ", ") + std::to_string(d.seat + 1);
    return {false, "seat " + std::to_string(seat + 1) + " has nothing to decide now" +
                       (who.empty() ? std::string() : " (waiting for seat " + who + ")")};
  }
  if (!it->find(option_id)) {
    std::string ids;
    for (const auto& o : it->options) ids += (ids.empty() ? "" : ", ") + o.id;
    return {false, "'" + std::string(option_id) + "' is not a legal option here; legal: " + ids};
  }
  State backup = s;
  try {
    Decision d = std::move(*it);
    s.pending.erase(it);
    s.journal.clear();
    ++s.choices_applied;
    const size_t pending_before = s.pending.size();
    const size_t floor = s.agenda.size();
    invoke(s, d.then, Value(std::string(option_id)));
    // First finish what this choice set in motion; while other seats still
    // have secret choices open, that is all that may run.
    while (s.agenda.size() > floor && s.pending.size() == pending_before && !s.over) {
      Call c = std::move(s.agenda.back());
      s.agenda.pop_back();
      invoke(s, c, Value());
    }
    run(s);
  } catch (const std::exception& e) {
    s = std::move(backup);
    return {false, e.what()};
  }
  return {};
}

// The table every hook receives: args, choice, self, seat (docs/lua-api.md).
Value Engine::hook_context(const State& s, const Value& args, EntityId entity, const Value& choice) const {
  Value ctx = Value::dict();
  ctx.set("args", args);
  if (!choice.is_nil()) ctx.set("choice", choice);
  if (entity != kNoEntity) ctx.set("self", Value(static_cast<int64_t>(entity)));
  if (int seat = current_seat(s); seat >= 0) ctx.set("seat", Value(static_cast<int64_t>(seat + 1)));
  return ctx;
}

Value Engine::invoke(State& s, const Call& c, const Value& choice) {
  Value ctx = hook_context(s, c.args, c.entity, choice);
  std::vector<Call> outer;
  outer.swap(scheduled_);
  Value result;
  try {
    result = host_->call(s, c.module, c.fn, ctx, c.entity, c.what);
  } catch (...) {
    scheduled_.swap(outer);
    throw;
  }
  flush_scheduled(s);
  scheduled_.swap(outer);
  return result;
}

void Engine::flush_scheduled(State& s) {
  for (auto it = scheduled_.rbegin(); it != scheduled_.rend(); ++it) s.agenda.push_back(std::move(*it));
  scheduled_.clear();
}

bool Engine::query(State& s, const std::string& module, const std::string& fn) {
  QueryMode guard(query_mode_);
  return invoke(s, Call{module, fn, Value(), kNoEntity, "query"}, Value()).as_bool();
}

int Engine::current_seat(const State& s) const {
  for (auto it = s.flow.rbegin(); it != s.flow.rend(); ++it) {
    const FlowNode& n = packs_->flow.at(node_ids_[it->node]);
    if (n.each_seat && it->started && !s.seats.empty())
      return (it->first_seat + it->seat_pos) % static_cast<int>(s.seats.size());
  }
  return -1;
}

// --- entities and zones ----------------------------------------------------

int Engine::zone_of_def(const State& s, std::string_view zone_def, int seat) const {
  const ZoneDef* zd = packs_->zone(zone_def);
  if (!zd) throw KernelError("unknown zone '" + std::string(zone_def) + "'");
  if (zd->per_seat && (seat < 0 || seat >= static_cast<int>(s.seats.size())))
    throw KernelError("zone '" + std::string(zone_def) + "' belongs to a seat; give a seat (1.." +
                      std::to_string(s.seats.size()) + ")");
  int z = s.zone_index(zone_key(zone_def, zd->per_seat ? seat : -1));
  if (z < 0) throw KernelError("zone '" + std::string(zone_def) + "' is missing from the state");
  return z;
}

EntityId Engine::create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner) {
  if (!packs_->entity(def)) throw KernelError("unknown entity definition '" + std::string(def) + "'");
  int z = zone_of_def(s, zone, seat);
  Entity e;
  e.id = static_cast<EntityId>(s.entities.size());
  e.def = std::string(def);
  e.owner = owner == -2 ? seat : owner;
  s.entities.push_back(std::move(e));
  move_entity(s, static_cast<EntityId>(s.entities.size() - 1), z);
  return static_cast<EntityId>(s.entities.size() - 1);
}

void Engine::move_entity(State& s, EntityId id, int zone, int position) {
  Entity* e = s.entity(id);
  if (!e) throw KernelError("no entity #" + std::to_string(id));
  if (e->zone >= 0) {
    auto& items = s.zones[e->zone].items;
    items.erase(std::remove(items.begin(), items.end(), id), items.end());
  }
  e->zone = zone;
  if (zone < 0) return;
  auto& items = s.zones[zone].items;
  if (position < 0 || position > static_cast<int>(items.size())) items.push_back(id);
  else items.insert(items.begin() + position, id);
}

const Value& Engine::prop(const State& s, EntityId id, std::string_view key) const {
  static const Value nil;
  const Entity* e = s.entity(id);
  if (!e) return nil;
  const Value& own = dict_get(e->props, key);
  if (!own.is_nil()) return own;
  const EntityDef* d = packs_->entity(e->def);
  return d ? dict_get(d->props, key) : nil;
}

void Engine::set_prop(State& s, EntityId id, std::string_view key, Value v) {
  Entity* e = s.entity(id);
  if (!e) throw KernelError("no entity #" + std::to_string(id));
  const EntityDef* d = packs_->entity(e->def);
  // Writing the definition's own value back removes the override, so a
  // state's hash does not depend on how a value came to be.
  if (d && dict_get(d->props, key) == v) dict_erase(e->props, key);
  else dict_set(e->props, key, std::move(v));
}

void Engine::shuffle_zone(State& s, int zone) {
  auto& items = s.zones.at(zone).items;
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[random_below(s, i)]);
}

uint64_t Engine::random_below(State& s, uint64_t n) { return s.rng.below(n); }

void Engine::log(State& s, std::string text, int seat) { s.journal.push_back({seat, std::move(text)}); }

// --- scheduling, decisions, events -------------------------------------------

void Engine::schedule(State& s, Call c) {
  if (query_mode_) throw KernelError("a query hook may not schedule work");
  if (s.combat.active && s.combat.defeated && c.what.rfind("event ", 0) != 0) return;
  scheduled_.push_back(std::move(c));
}

void Engine::decide(State& s, Decision d) {
  if (query_mode_) throw KernelError("a query hook may not ask for a decision");
  if (s.combat.active && s.combat.defeated) return;  // the fight is over; nothing left to ask
  if (d.seat < 0 || d.seat >= static_cast<int>(s.seats.size()))
    throw KernelError("decision for seat " + std::to_string(d.seat + 1) + ", but the game has " +
                      std::to_string(s.seats.size()) + " seats");
  if (d.options.empty()) throw KernelError("a decision needs at least one option: " + d.prompt);
  std::set<std::string> ids;
  for (const auto& o : d.options)
    if (!ids.insert(o.id).second) throw KernelError("option id '" + o.id + "' appears twice in: " + d.prompt);
  if (s.pending_for(d.seat))
    throw KernelError("seat " + std::to_string(d.seat + 1) + " already has a decision open");
  s.pending.push_back(std::move(d));
}

// The documented order of listeners (docs/architecture.md): rule modules in
// module-key order, then entities in play in ascending id order.
void Engine::for_each_listener(const State& s, const std::string& slot,
                               const std::function<void(const std::string&, EntityId)>& fn) const {
  if (auto it = rule_listeners_.find(slot); it != rule_listeners_.end())
    for (const auto& m : it->second) fn(m, kNoEntity);
  auto it = entity_listeners_.find(slot);
  if (it == entity_listeners_.end()) return;
  for (const auto& e : s.entities) {
    if (e.zone < 0) continue;
    const EntityDef* d = packs_->entity(e.def);
    if (d && it->second.count(d->script)) fn(d->script, e.id);
  }
}

void Engine::emit(State& s, std::string_view event, const Value& args) {
  const std::string slot = "on." + std::string(event);
  const std::string what = "event " + std::string(event);
  for_each_listener(s, slot, [&](const std::string& module, EntityId id) {
    schedule(s, Call{module, slot, args, id, what});
  });
}

void Engine::start_node(State& s, std::string_view node) {
  if (query_mode_) throw KernelError("a query hook may not start a flow node");
  int index = node_index(node);
  if (index < 0) throw KernelError("no flow node '" + std::string(node) + "'");
  // Work already scheduled runs first (the agenda drains before the flow
  // moves), then this frame, then the frame that was running.
  s.flow.push_back(FlowFrame{index});
}

int64_t Engine::modify(State& s, std::string_view what, int64_t amount, Value ctx) {
  const std::string slot = "modify." + std::string(what);
  const std::string label = "modifier " + std::string(what);
  QueryMode guard(query_mode_);
  for_each_listener(s, slot, [&](const std::string& module, EntityId id) {
    ctx.set("amount", Value(amount));
    Value r = host_->call(s, module, slot, hook_context(s, ctx, id, Value()), id, label);
    if (r.is_int()) amount = std::max<int64_t>(0, r.as_int());
  });
  return amount;
}

void Engine::finish_game(State& s, Value result) {
  s.over = true;
  s.result = std::move(result);
  s.agenda.clear();
  s.pending.clear();
  scheduled_.clear();
}

// --- combat ------------------------------------------------------------------

std::vector<EntityId> Engine::defenders(const State& s) const {
  if (!s.combat.active || s.combat.defenders < 0) return {};
  return s.zones[s.combat.defenders].items;
}

DamageResult Engine::damage(State& s, EntityId target, int64_t amount, const Value& info) {
  DamageResult r;
  Entity* e = s.entity(target);
  if (!e) throw KernelError("damage: no entity #" + std::to_string(target));
  if (amount <= 0) return r;
  Value ctx = info.is_dict() ? info : Value::dict();
  ctx.set("target", Value(static_cast<int64_t>(target)));
  int64_t dealt = modify(s, "damage", amount, ctx);
  r.prevented = amount - dealt;
  r.dealt = dealt;
  if (dealt <= 0) return r;
  const auto& c = packs_->combat;
  int64_t total = prop(s, target, c.damage).as_int() + dealt;
  set_prop(s, target, c.damage, Value(total));
  Value ev = ctx;
  ev.set("amount", Value(dealt));
  emit(s, "damaged", ev);
  const Value& hp = prop(s, target, c.hp);
  if (hp.is_int() && total >= hp.as_int()) {
    r.knocked_out = true;
    knock_out(s, target, ctx);
  }
  return r;
}

int64_t Engine::heal(State& s, EntityId target, int64_t amount, const Value& info) {
  if (!s.entity(target)) throw KernelError("heal: no entity #" + std::to_string(target));
  const auto& c = packs_->combat;
  int64_t have = prop(s, target, c.damage).as_int();
  if (amount <= 0 || have <= 0) return 0;
  Value ctx = info.is_dict() ? info : Value::dict();
  ctx.set("target", Value(static_cast<int64_t>(target)));
  int64_t healed = std::min(have, modify(s, "heal", amount, ctx));
  if (healed <= 0) return 0;
  set_prop(s, target, c.damage, Value(have - healed));
  ctx.set("amount", Value(healed));
  emit(s, "healed", ctx);
  return healed;
}

void Engine::knock_out(State& s, EntityId target, const Value& info) {
  Entity* e = s.entity(target);
  if (!e) throw KernelError("knock_out: no entity #" + std::to_string(target));
  const auto& c = packs_->combat;
  set_prop(s, target, c.damage, Value(int64_t{0}));
  const bool in_fight = s.combat.active && e->zone == s.combat.defenders;
  if (in_fight && !c.knocked_out_to.empty()) move_entity(s, target, zone_of_def(s, c.knocked_out_to, s.combat.seat));
  Value ev = info.is_dict() ? info : Value::dict();
  ev.set("target", Value(static_cast<int64_t>(target)));
  emit(s, "knocked_out", ev);
  if (in_fight && s.zones[s.combat.defenders].items.empty()) defeat(s, ev);
}

void Engine::defeat(State& s, const Value& info) {
  if (s.combat.defeated) return;
  // The side is out: whatever the fight still had scheduled or asked is void.
  s.combat.defeated = true;
  if (static_cast<int>(s.agenda.size()) > s.combat.agenda_floor) s.agenda.resize(s.combat.agenda_floor);
  s.pending.clear();
  std::vector<Call> keep;
  for (auto& c : scheduled_)
    if (c.what.rfind("event ", 0) == 0) keep.push_back(std::move(c));
  scheduled_.swap(keep);
  Value ev = info;
  ev.set("seat", Value(static_cast<int64_t>(s.combat.seat + 1)));  // Lua counts seats from 1
  emit(s, "defeated", ev);
}

}  // namespace tabula
