// What one seat may see of a state (ENGINE.md invariant 3): other seats'
// secrets, hidden zones, face-down entities it does not own, other seats'
// open decisions and the RNG never appear.
#include <nlohmann/json.hpp>

#include "core/engine.h"
#include "core/state_json.h"

namespace tabula {

using nlohmann::json;

std::string Engine::view_json(const State& s, int seat) const {
  json j;
  j["seat"] = seat < 0 ? json(nullptr) : json(seat + 1);
  j["over"] = s.over;
  if (s.over) j["result"] = value_to_json(s.result);
  j["start_seat"] = s.start_seat + 1;
  j["vars"] = value_to_json(Value::dict(s.vars));
  json seats = json::array();
  for (size_t i = 0; i < s.seats.size(); ++i) {
    json st = {{"seat", i + 1}, {"name", s.seats[i].name}, {"counters", value_to_json(Value::dict(s.seats[i].counters))}};
    if (static_cast<int>(i) == seat) st["secret"] = value_to_json(Value::dict(s.seats[i].secret));
    seats.push_back(st);
  }
  j["seats"] = seats;
  json zones = json::array();
  for (const auto& z : s.zones) {
    const ZoneDef* zd = packs_->zone(z.def);
    bool see_all = zd->visibility == ZoneDef::Visibility::Public ||
                   (zd->visibility == ZoneDef::Visibility::Owner && z.seat == seat && seat >= 0);
    json zj = {{"zone", z.def}, {"count", z.items.size()}};
    if (z.seat >= 0) zj["seat"] = z.seat + 1;
    if (see_all) {
      json items = json::array();
      for (EntityId id : z.items) {
        const Entity& e = s.entities[id];
        bool own = seat >= 0 && (e.owner == seat || z.seat == seat);
        if (!e.face_up && !own) {
          items.push_back({{"hidden", true}});
          continue;
        }
        const EntityDef* d = packs_->entity(e.def);
        json ej = {{"id", e.id}, {"def", e.def}, {"name", d ? d->name.en : e.def}, {"face_up", e.face_up}};
        if (e.owner >= 0) ej["owner"] = e.owner + 1;
        if (!e.props.empty()) ej["props"] = value_to_json(Value::dict(e.props));
        const KindDef* kind = d ? packs_->kind(d->kind) : nullptr;
        if (kind && kind->show_declared) {
          json shown = json::array();
          for (const auto& name : kind->show) {
            const Value& v = prop(s, e.id, name);
            bool empty = v.is_nil() || (v.is_int() && v.as_int() == 0) || (v.is_bool() && !v.as_bool()) ||
                         (v.is_str() && v.as_str().empty()) || (v.is_list() && v.items().empty());
            if (!empty) shown.push_back(json::array({name, value_to_json(v)}));
          }
          ej["show"] = shown;
        }
        items.push_back(ej);
      }
      zj["items"] = items;
    }
    zones.push_back(zj);
  }
  j["zones"] = zones;
  json decisions = json::array();
  for (const auto& d : s.pending) {
    if (d.seat == seat) {
      json opts = json::array();
      for (const auto& o : d.options) opts.push_back({{"id", o.id}, {"label", o.label}});
      decisions.push_back({{"seat", d.seat + 1}, {"prompt", d.prompt}, {"options", opts}});
    } else {
      json other = {{"seat", d.seat + 1}, {"waiting", true}};
      if (!d.secret) other["prompt"] = d.prompt;
      decisions.push_back(other);
    }
  }
  j["decisions"] = decisions;
  json journal = json::array();
  for (const auto& l : s.journal)
    if (l.seat < 0 || l.seat == seat) journal.push_back(l.text);
  j["journal"] = journal;
  return j.dump(2);
}

}  // namespace tabula
