// What one seat may see of a state (ENGINE.md invariant 3): other seats'
// secrets, hidden zones, face-down entities it does not own, other seats'
// open decisions and the RNG never appear. Texts are rendered here, for the
// viewer, in the language asked for.
#include <nlohmann/json.hpp>

#include "core/engine.h"
#include "core/state_json.h"

namespace tabula {

using nlohmann::json;

namespace {
bool empty_value(const Value& v) {
  return v.is_nil() || (v.is_int() && v.as_int() == 0) || (v.is_bool() && !v.as_bool()) ||
         (v.is_str() && v.as_str().empty()) || (v.is_list() && v.items().empty());
}
}  // namespace

std::string Engine::view_json(const State& s, int seat, std::string_view lang) const {
  json j;
  j["seat"] = seat < 0 ? json(nullptr) : json(seat + 1);
  j["over"] = s.over;
  if (s.over) {
    j["result"] = value_to_json(s.result);
    if (!s.result_text.empty()) j["result_text"] = render(s, s.result_text, lang);
  }
  j["start_seat"] = s.start_seat + 1;
  j["vars"] = value_to_json(Value::dict(s.vars()));
  json seats = json::array();
  for (size_t i = 0; i < s.seats.size(); ++i) {
    json st = {{"seat", i + 1}, {"counters", value_to_json(Value::dict(s.seats[i].counters))}};
    if (static_cast<int>(i) == seat) st["secret"] = value_to_json(Value::dict(s.seats[i].secret));
    seats.push_back(st);
  }
  j["seats"] = seats;
  json zones = json::array();
  for (const auto& z : s.zones) {
    const ZoneDef& zd = packs_->zones[z.def];
    bool see_all = zd.visibility == ZoneDef::Visibility::Public ||
                   (zd.visibility == ZoneDef::Visibility::Owner && z.seat == seat && seat >= 0);
    json zj = {{"zone", zd.id}, {"count", z.items.size()}};
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
        const EntityDef& d = *packs_->defs[e.def];
        json ej = {{"id", id}, {"def", d.id}, {"name", d.name.get(lang)}, {"face_up", e.face_up}};
        if (!d.text.en.empty()) ej["text"] = d.text.get(lang);
        if (e.owner >= 0) ej["owner"] = e.owner + 1;
        json props = json::object();
        for (size_t i = s.prop_at(id, 0); i < s.props.size() && s.props[i].entity == id; ++i)
          props[packs_->prop_names[s.props[i].prop]] = value_to_json(s.props[i].value);
        if (!props.empty()) ej["props"] = props;
        const KindDef* kind = packs_->kind(d.kind);
        if (kind && kind->show_declared) {
          json shown = json::array();
          for (const auto& name : kind->show) {
            const Value& v = prop(s, id, name);
            if (!empty_value(v)) shown.push_back(json::array({name, value_to_json(v)}));
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
      for (const auto& o : d.options) {
        json oj = {{"id", o.id}, {"label", label(s, d, o, lang)}};
        if (const Entity* e = s.entity(o.entity)) {
          const EntityDef& def = *packs_->defs[e->def];
          if (!def.text.en.empty()) oj["text"] = def.text.get(lang);
        }
        opts.push_back(oj);
      }
      json dj = {{"seat", d.seat + 1}, {"prompt", prompt(s, d, lang)}, {"options", opts}};
      if (d.subset()) dj["pick"] = {{"min", d.pick_min}, {"max", d.most()}};
      decisions.push_back(dj);
    } else {
      json other = {{"seat", d.seat + 1}, {"waiting", true}};
      if (!d.secret) other["prompt"] = prompt(s, d, lang);
      decisions.push_back(other);
    }
  }
  j["decisions"] = decisions;
  json journal = json::array();
  for (const auto& l : s.journal)
    if (l.seat < 0 || l.seat == seat) journal.push_back(render(s, l.text, lang));
  j["journal"] = journal;
  return j.dump(2);
}

}  // namespace tabula
