// What one seat may see of a state (ENGINE.md invariant 3): other seats'
// secrets, hidden zones, face-down entities it does not own, other seats'
// open decisions and the RNG never appear. Texts are rendered here, for the
// viewer, in the language asked for.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/rules/engine.h"
#include "core/rules/infoset.h"

namespace tabula {

using nlohmann::json;

namespace {
bool empty_value(const Value& v) {
  return v.is_nil() || (v.is_int() && v.as_int() == 0) || (v.is_bool() && !v.as_bool()) ||
         (v.is_str() && v.as_str().empty()) || (v.is_list() && v.items().empty());
}

// One entity as a seat that knows it sees it.
json entity_json(const Engine& eng, const State& s, EntityId id, std::string_view lang) {
  const PackSet& packs = eng.packs();
  const Entity& e = s.entities[id];
  const EntityDef& d = *packs.defs[e.def];
  json ej = {{"id", id}, {"def", d.id}, {"kind", d.kind}, {"name", d.name.get(lang)}, {"face_up", e.face_up}};
  if (!d.card_text.en.empty()) ej["text"] = d.card_text.get(lang);
  if (e.owner >= 0) ej["owner"] = e.owner + 1;
  json props = json::object();
  for (size_t i = s.prop_at(id, 0); i < s.props.size() && s.props[i].entity == id; ++i)
    props[packs.prop_names[s.props[i].prop]] = value_to_json(s.props[i].value);
  if (!props.empty()) ej["props"] = props;
  const KindDef* kind = packs.kind(d.kind);
  if (kind && kind->show_declared) {
    json shown = json::array();
    for (const auto& name : kind->show) {
      const Value& v = eng.prop(s, id, name);
      if (!empty_value(v)) shown.push_back(json::array({name, value_to_json(v)}));
    }
    ej["show"] = shown;
  }
  return ej;
}
}  // namespace

LineCause Engine::cause(const State& s, const JournalLine& l, std::string_view lang, int reader) const {
  LineCause c;
  if (l.cause_entity != kNoEntity && reader != kAllSeeing &&
      !std::binary_search(l.seen.begin(), l.seen.end(), std::pair<int32_t, int64_t>(reader, l.cause_entity)))
    return c;  // the function of a card the reader did not know would name it
  c.told = true;
  if (l.cause_fn >= 0) {
    c.rule = function_name(l.cause_fn);
    c.layer = c.rule.substr(0, c.rule.find('/'));
  }
  if (const Entity* e = s.entity(l.cause_entity)) {
    const EntityDef& d = *packs().defs[e->def];
    c.card = d.name.get(lang);
    c.card_def = d.id;
    c.card_layer = d.layer;
  }
  return c;
}

std::string Engine::view_json(const State& s, int seat, std::string_view lang) const {
  json j;
  j["seat"] = seat < 0 ? json(nullptr) : json(seat + 1);
  j["over"] = s.over;
  if (s.over) {
    j["result"] = value_to_json(s.result);
    if (!s.result_text.empty()) j["result_text"] = render(s, s.result_text, lang, seat);
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
  const InfoSet is = info_set(*this, s, seat);
  for (size_t zi = 0; zi < s.zones.size(); ++zi) {
    const Zone& z = s.zones[zi];
    const ZoneDef& zd = packs().zones[z.def];
    const InfoSet::ZoneSeen& seen = is.zones[zi];
    json zj = {{"zone", zd.id}, {"count", z.items.size()}};
    if (z.seat >= 0) zj["seat"] = z.seat + 1;
    const bool see_all = sees_items(s, static_cast<int>(zi), seat);
    if (zd.visibility == ZoneDef::Visibility::Contents || (see_all && zd.grouped)) {
      // Counts per definition, in definition order: nothing tells where a
      // card lies. Face-down cards the seat may not see count as hidden.
      json groups = json::array();
      // A grouped zone the seat sees: each group's entities, by id in
      // ascending order (not where they lie), so that an option naming one
      // can be found on the board.
      std::map<int32_t, std::vector<EntityId>> ids;
      if (see_all && zd.grouped && seen.ordered)
        for (EntityId id : seen.items)
          if (id != kNoEntity) ids[s.entities[id].def].push_back(id);
      for (size_t i = 0; i < seen.defs.size();) {
        size_t n = 1;
        while (i + n < seen.defs.size() && seen.defs[i + n] == seen.defs[i]) ++n;
        const EntityDef& d = *packs().defs[seen.defs[i]];
        json g = {{"def", d.id}, {"kind", d.kind}, {"name", d.name.get(lang)}, {"count", n}};
        if (!d.card_text.en.empty()) g["text"] = d.card_text.get(lang);
        if (auto it = ids.find(seen.defs[i]); it != ids.end()) {
          std::sort(it->second.begin(), it->second.end());
          g["ids"] = it->second;
        }
        groups.push_back(g);
        i += n;
      }
      zj["groups"] = groups;
      if (seen.hidden) zj["hidden"] = seen.hidden;
    }
    // Items: the whole zone for a seat that sees it (unless grouped); else,
    // where something was revealed to this seat, that entity at its place
    // among hidden ones.
    if (seen.ordered && !(see_all && zd.grouped)) {
      json items = json::array();
      for (EntityId id : seen.items) items.push_back(id != kNoEntity ? entity_json(*this, s, id, lang) : json{{"hidden", true}});
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
        // An option may name an entity the seat cannot see (a blind pick):
        // its id and card text come only with what the seat knows.
        if (const Entity* e = known(s, o.entity, seat) ? s.entity(o.entity) : nullptr) {
          oj["entity"] = o.entity;
          const EntityDef& def = *packs().defs[e->def];
          if (!def.card_text.en.empty()) oj["text"] = def.card_text.get(lang);
        }
        opts.push_back(oj);
      }
      json dj = {{"seat", d.seat + 1}, {"prompt", prompt(s, d, lang, seat)}, {"options", opts}};
      if (d.subset()) dj["pick"] = {{"min", d.pick_min}, {"max", d.most()}};
      decisions.push_back(dj);
    } else {
      json other = {{"seat", d.seat + 1}, {"waiting", true}};
      if (!d.secret) other["prompt"] = prompt(s, d, lang, seat);
      decisions.push_back(other);
    }
  }
  j["decisions"] = decisions;
  json journal = json::array();
  for (const auto& l : s.journal)
    if (l.seat < 0 || l.seat == seat) journal.push_back(render_line(s, l, lang, seat));
  j["journal"] = journal;
  return j.dump(2);
}

}  // namespace tabula
