// Fights as data: how each kind fights (hit points, damage, where a
// knocked-out entity goes), and the sides of the running fight. Damage,
// healing, knock-out and defeat themselves are in engine.cpp.
#include <algorithm>

#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

namespace {
const std::vector<EntityId> kNoSide;
}  // namespace

// Per kind: its own hp/damage/knocked_out_to, else the [combat] table's
// (whose hp and damage default to "hp" and "damage"). The loader has checked
// that a kind's own names exist (pack_toml_seats.cpp, check_fight_kinds).
void Kernel::resolve_fight_kinds() {
  const CombatDef& c = packs_->combat;
  for (const auto& name : packs_->kind_names) {
    const KindDef& kd = packs_->kinds.at(name);
    KindFight k;
    k.hp = packs_->prop_id(kd.hp.empty() ? c.hp : kd.hp);
    k.damage = packs_->prop_id(kd.damage.empty() ? c.damage : kd.damage);
    const std::string& zone = kd.knocked_out_to.empty() ? c.knocked_out_to : kd.knocked_out_to;
    k.knocked_out_to = zone.empty() ? -1 : packs_->zone_id(zone);
    k.reset_damage = kd.reset_damage;
    // A kind without the damage property has nothing to reset.
    const size_t np = packs_->prop_names.size();
    const size_t kind = kind_fight_.size();
    if (k.damage >= 0 && packs_->prop_types[kind * np + static_cast<size_t>(k.damage)] < 0) k.reset_damage = false;
    kind_fight_.push_back(k);
  }
}

const Kernel::KindFight& Kernel::kind_fight(const State& s, EntityId id) const {
  return kind_fight_[packs_->defs[s.entities[id].def]->kind_index];
}

// Sides given to tabula.start: lists of existing entities. A fight node
// that is not the [combat] pipeline has no zone to fall back on, so it needs
// its defenders.
void Kernel::check_sides(const State& s, int node, const Value& args) const {
  const FlowNode& n = *nodes_[node];
  if (!args.is_nil() && !args.is_dict() && !(args.is_list() && args.items().empty()))
    throw KernelError("start: the arguments of node '" + n.id + "' must be a table with string keys");
  if (!n.fight && !n.combat) return;
  for (const char* side : {"defenders", "attackers"}) {
    const Value& v = args.get(side);
    if (v.is_nil()) continue;
    if (!v.is_list()) throw KernelError(std::string("start: ") + side + " must be a list of entity ids");
    for (const Value& id : v.items())
      if (!s.entity_of(id))
        throw KernelError(std::string("start: ") + side + " names no entity " + id.to_string());
  }
  const Value& seat = args.get("seat");
  if (!seat.is_nil() && (!seat.is_int() || seat.as_int() < 1 || seat.as_int() > static_cast<int64_t>(s.seats.size())))
    throw KernelError("start: seat must be a seat number (1.." + std::to_string(s.seats.size()) + ")");
  if (!n.combat && args.get("defenders").is_nil())
    throw KernelError("fight node '" + n.id + "' needs its defenders: tabula.start(\"" + n.id + "\", {defenders = {...}})");
}

// A unit of a fight node begins: the sides come from the node's start
// arguments, else (the [combat] pipeline) from the current seat's defenders
// zone. A fight with no defenders is decided before it starts.
void Kernel::open_fight(State& s, int node) {
  const FlowNode& n = *nodes_[node];
  const Value& args = s.flow.back().args;
  CombatFrame c;
  c.active = true;
  c.node = node;
  c.seat = args.get("seat").is_int() ? static_cast<int>(args.get("seat").as_int()) - 1 : current_seat(s);
  c.flow_depth = static_cast<int>(s.flow.size());
  c.agenda_floor = static_cast<int>(s.agenda.size());
  const Value& defenders = args.get("defenders");
  if (defenders.is_list()) {
    for (const Value& id : defenders.items()) c.defender_ids.push_back(static_cast<EntityId>(id.as_int()));
    for (const Value& id : args.get("attackers").items()) c.attacker_ids.push_back(static_cast<EntityId>(id.as_int()));
    c.defeated = c.defender_ids.empty();
  } else if (n.combat) {
    c.defenders = zone_of_def(s, packs_->combat.defenders, c.seat);
    c.defeated = s.zones[c.defenders].items.empty();
  } else {
    throw KernelError("fight node '" + n.id + "' was entered without defenders; start it with tabula.start(\"" + n.id +
                      "\", {defenders = {...}})");
  }
  s.combat = std::move(c);
}

// A knocked-out entity leaves the side it stood on. True when that side is
// now empty: the fight is decided.
bool Kernel::leave_sides(State& s, EntityId id, bool was_defender) {
  CombatFrame& c = s.combat;
  if (!c.active || c.defeated) return false;
  if (c.defenders >= 0) return was_defender && s.zones[c.defenders].items.empty();
  for (auto* side : {&c.defender_ids, &c.attacker_ids}) {
    auto it = std::find(side->begin(), side->end(), id);
    if (it == side->end()) continue;
    side->erase(it);
    if (!side->empty()) return false;
    c.attackers_lost = side == &c.attacker_ids;
    return true;
  }
  return false;
}

const std::vector<EntityId>& Kernel::attackers(const State& s) const {
  return s.combat.active ? s.combat.attacker_ids : kNoSide;
}

const std::string* Kernel::stage_name(const State& s) const {
  const CombatFrame& c = s.combat;
  if (!c.active || c.node < 0) return nullptr;
  const FlowNode& n = *nodes_[c.node];
  const auto& stages = n.combat ? packs_->combat.stages : n.stages;
  return c.stage >= 0 && c.stage < static_cast<int>(stages.size()) ? &stages[c.stage] : nullptr;
}

}  // namespace tabula
