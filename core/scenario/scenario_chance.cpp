#include "core/scenario/scenario_chance.h"

#include <algorithm>

#include "core/scenario/scenario_runner.h"
#include "core/state/kernel_error.h"

namespace tabula {

void ScenarioChance::add_random(const std::vector<int64_t>& values, const std::string& where) {
  for (int64_t v : values) draws_.push_back({v, where});
}

void ScenarioChance::add_shuffle(int zone, std::vector<std::string> order, const std::string& where) {
  for (const auto& o : orders_)
    if (o.zone == zone)
      throw std::runtime_error(where + ": shuffle: the next shuffle of " + run_.engine->zone_name(run_.state, zone) +
                               " is already forced (" + o.where + ")");
  orders_.push_back({zone, std::move(order), where});
}

bool ScenarioChance::random(uint64_t n, uint64_t& out) {
  if (draws_.empty()) return false;
  const Draw d = draws_.front();
  draws_.pop_front();
  if (d.value < 1 || static_cast<uint64_t>(d.value) > n)
    throw KernelError("the forced random draw " + std::to_string(d.value) + " (" + d.where + ") is outside 1.." +
                      std::to_string(n) + ", what the script asked for");
  out = static_cast<uint64_t>(d.value - 1);
  return true;
}

bool ScenarioChance::shuffle(const State& s, int zone, std::vector<EntityId>& items) {
  auto it = std::find_if(orders_.begin(), orders_.end(), [&](const Order& o) { return o.zone == zone; });
  if (it == orders_.end()) return false;
  const Order o = std::move(*it);
  orders_.erase(it);
  std::vector<EntityId> rest = items, front;
  for (const auto& name : o.names) {
    auto a = run_.aliases.find(name);
    auto pick = std::find_if(rest.begin(), rest.end(), [&](EntityId id) {
      return a != run_.aliases.end() ? id == a->second : run_.engine->def_name(s, id) == name;
    });
    if (pick == rest.end()) {
      std::string have;
      for (EntityId id : rest) have += (have.empty() ? "" : ", ") + run_.entity_label(id);
      throw KernelError("the forced shuffle of " + run_.engine->zone_name(s, zone) + " (" + o.where + ") names '" + name +
                        "', and no such entity is left in the zone (left: " + (have.empty() ? "none" : have) + ")");
    }
    front.push_back(*pick);
    rest.erase(pick);
  }
  front.insert(front.end(), rest.begin(), rest.end());
  items = std::move(front);
  return true;
}

void ScenarioChance::add_chance(const std::string& event, const std::vector<Value>& outcomes, const std::string& where) {
  auto& q = outcomes_[event];
  for (const Value& v : outcomes) q.push_back({v, where});
}

bool ScenarioChance::matches(const State& s, const Value& forced, const Value& outcome) const {
  if (forced == outcome) return true;
  if (!forced.is_str() || !outcome.is_int()) return false;
  const int64_t id = outcome.as_int();
  if (id < 0 || static_cast<uint64_t>(id) >= s.entities.size()) return false;
  auto a = run_.aliases.find(std::string(forced.as_str()));
  return a != run_.aliases.end() ? a->second == id : run_.engine->def_name(s, static_cast<EntityId>(id)) == forced.as_str();
}

// An outcome as a failure lists it. When the test named an entity, an
// integer that is an entity's id also by the entity's name; a die's pips
// are not entities, whatever ids exist.
std::string ScenarioChance::outcome_label(const State& s, const Value& outcome, bool entities) const {
  if (entities && outcome.is_int() && outcome.as_int() >= 0 && static_cast<uint64_t>(outcome.as_int()) < s.entities.size())
    return outcome.to_string() + " (" + run_.entity_label(static_cast<EntityId>(outcome.as_int())) + ")";
  return outcome.to_string();
}

bool ScenarioChance::chance(const State& s, const ChanceEvent& e, size_t& out) {
  auto it = outcomes_.find(e.name);
  if (it == outcomes_.end() || it->second.empty()) return false;
  const Outcome o = std::move(it->second.front());
  it->second.pop_front();
  for (size_t i = 0; i < e.outcomes.size(); ++i)
    if (matches(s, o.value, e.outcomes[i])) {
      out = i;
      return true;
    }
  std::string have;
  for (const Value& v : e.outcomes) have += (have.empty() ? "" : ", ") + outcome_label(s, v, o.value.is_str());
  throw KernelError("the forced chance " + e.name + " = " + o.value.to_string() + " (" + o.where +
                    ") is not among the event's outcomes: " + have);
}

std::string ScenarioChance::unused() const {
  std::string out;
  for (const auto& [name, q] : outcomes_) {
    if (q.empty()) continue;
    out += std::string(out.empty() ? "" : "; ") + "forced chance " + name + " never met:";
    for (const auto& o : q) out += " " + o.value.to_string() + " (" + o.where + ")";
  }
  if (!draws_.empty()) {
    out += std::string(out.empty() ? "" : "; ") + "forced random draws never drawn:";
    for (const auto& d : draws_) out += " " + std::to_string(d.value) + " (" + d.where + ")";
  }
  for (const auto& o : orders_)
    out += std::string(out.empty() ? "" : "; ") + "zone " + run_.engine->zone_name(run_.state, o.zone) +
           " was never shuffled (" + o.where + ")";
  return out;
}

}  // namespace tabula
