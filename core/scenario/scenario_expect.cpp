// Scenario assertions (docs/scenarios.md, "Assertions"): the actual value of
// each key, what a seat is shown, and the matchers.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>

#include "core/pack/text.h"
#include "core/scenario/scenario_read.h"
#include "core/scenario/scenario_runner.h"
#include "core/view/screen.h"

namespace tabula::scenario_detail {

using scenario_read::to_value;

namespace {

// A whole number from 0 written in a name ("seat2", "knight#3"), or -1.
int64_t number_in(std::string_view digits) {
  int64_t v = -1;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  return ec == std::errc() && p == digits.data() + digits.size() ? v : -1;
}

// "seat2" -> 2, "view0" -> 0: the number after `prefix`, or -1.
int64_t numbered(const std::string& subject, std::string_view prefix) {
  if (subject.size() <= prefix.size() || subject.compare(0, prefix.size(), prefix) != 0) return -1;
  if (!std::isdigit(static_cast<unsigned char>(subject[prefix.size()]))) return -1;
  return number_in(std::string_view(subject).substr(prefix.size()));
}

// Keys whose items are texts: an expected string matches a line that
// contains it.
bool textual(const std::string& key) {
  return key == "log.text" || key.ends_with(".log") || key.ends_with(".screen") || key.ends_with(".labels") ||
         key.ends_with(".prompt") || key == "decision.prompt";
}

// Whether an actual item `got` is what `want` asks for: equal; a string
// within a text (textual keys); a table whose entries `want` all has
// (a logged line's arguments, of which the test names some).
bool fits(const Value& want, const Value& got, bool text) {
  if (text && want.is_str() && got.is_str()) return got.as_str().find(want.as_str()) != std::string::npos;
  if (want.is_dict() && got.is_dict()) {
    for (const auto& [k, v] : want.entries())
      if (!fits(v, got.get(k), text)) return false;
    return true;
  }
  return want == got;
}

// "log.keys" and the like hold when the expected items occur in the actual
// list in this order, others between them allowed.
bool in_order(const Value& want, const Value& got, bool text) {
  size_t i = 0;
  for (const Value& g : got.items())
    if (i < want.items().size() && fits(want.items()[i], g, text)) ++i;
  return i == want.items().size();
}

// Each wanted item found in `got`, each actual item used once: a list that
// holds the items (two trolls need two), or a text that contains the strings.
bool contains(const Value& got, const Value& want, bool text) {
  const List wanted = want.is_list() ? want.items() : List{want};
  if (got.is_str()) {
    for (const Value& w : wanted)
      if (!w.is_str() || got.as_str().find(w.as_str()) == std::string::npos) return false;
    return true;
  }
  if (got.is_dict()) {
    for (const Value& w : wanted)
      if (!w.is_str() || got.get(w.as_str()).is_nil()) return false;
    return true;
  }
  std::vector<bool> used(got.items().size(), false);
  for (const Value& w : wanted) {
    bool found = false;
    for (size_t i = 0; i < used.size() && !found; ++i)
      if (!used[i] && fits(w, got.items()[i], text)) used[i] = found = true;
    if (!found) return false;
  }
  return true;
}

// No wanted item anywhere in `got`.
bool lacks(const Value& got, const Value& want, bool text) {
  const List wanted = want.is_list() ? want.items() : List{want};
  for (const Value& w : wanted)
    if (contains(got, w, text)) return false;
  return true;
}

constexpr const char* kMatchers[] = {"contains", "lacks", "one_of", "not", "equals", "missing"};

// A table whose keys all name matchers ({ contains = [...], lacks = "x" }):
// each must hold. Any other table is a value.
bool is_matcher(const toml::node& v) {
  const toml::table* t = v.as_table();
  if (!t || t->empty()) return false;
  for (auto&& [k, _] : *t)
    if (std::none_of(std::begin(kMatchers), std::end(kMatchers), [&, &k = k](const char* m) { return k.str() == m; })) return false;
  return true;
}

// Whether matcher `m` holds of `got`.
bool holds(const std::string& m, const Value& want, const Value& got, bool text) {
  if (m == "contains") return contains(got, want, text);
  if (m == "lacks") return lacks(got, want, text);
  if (m == "missing") return want.is_bool() && got.is_nil() == want.as_bool();
  if (m == "one_of") return want.is_list() && std::any_of(want.items().begin(), want.items().end(), [&](const Value& w) { return w == got; });
  return (want == got) == (m == "equals");
}

}  // namespace

Runner::Runner(ScenarioResult& result) : r(result) {}
Runner::~Runner() = default;

void Runner::take_journal() {
  const PackSet& packs = engine->packs();
  for (const auto& l : state.journal) {
    std::string text = engine->render(state, l.text, "en", Engine::kAllSeeing);
    r.journal.push_back(text);
    if (l.text.empty()) continue;
    // Entity arguments (the {x:name} and {x:text} slots) as the scenario
    // names entities; the others as they are.
    std::vector<TextPiece> pieces;
    std::string error;
    parse_template(packs.texts[l.text.key].text.en, pieces, error);
    Dict args{{"key", Value(packs.texts[l.text.key].key)}};
    for (const auto& [name, v] : l.text.args.entries()) {
      const bool entity = std::any_of(pieces.begin(), pieces.end(), [&, &name = name](const TextPiece& p) {
        return p.text == name && (p.kind == TextPiece::Kind::EntityName || p.kind == TextPiece::Kind::EntityText);
      });
      const bool real = entity && state.entity_of(v);
      args.emplace_back(name, real ? Value(entity_label(static_cast<EntityId>(v.as_int()))) : v);
    }
    lines.push_back({packs.texts[l.text.key].key, Value::dict(std::move(args)), std::move(text), l.seat});
  }
}

void Runner::fail(std::string msg) {
  r.ok = false;
  r.failures.push_back(std::move(msg));
}

std::string Runner::entity_label(EntityId id) const {
  for (const auto& [a, e] : aliases)
    if (e == id) return a;
  return engine->def_name(state, id);
}

bool Runner::find_entity(const std::string& name, EntityId& out, std::string& why) const {
  if (auto it = aliases.find(name); it != aliases.end()) {
    out = it->second;
    return true;
  }
  if (auto hash = name.find('#'); hash != std::string::npos) {
    std::string def = name.substr(0, hash);
    const int32_t def_id = engine->packs().def_id(def);
    const int64_t want = number_in(std::string_view(name).substr(hash + 1));
    int64_t seen = 0;
    for (size_t i = 0; i < state.entities.size(); ++i)
      if (def_id >= 0 && state.entities[i].def == def_id && ++seen == want) return out = static_cast<EntityId>(i), true;
    why = "there is no entity '" + name + "' (" + std::to_string(seen) + " of '" + def + "')";
    return false;
  }
  int found = 0;
  const int32_t def_id = engine->packs().def_id(name);
  for (size_t i = 0; i < state.entities.size(); ++i)
    if (def_id >= 0 && state.entities[i].def == def_id) out = static_cast<EntityId>(i), ++found;
  if (found == 1) return true;
  why = found == 0 ? "no entity or alias '" + name + "'" : "'" + name + "' names " + std::to_string(found) + " entities; give them aliases";
  return false;
}

int Runner::zone_from(const std::string& spec, std::string& why) const {
  int z = engine->zone_index(state, spec);
  if (z < 0) why = "no zone '" + spec + "' (a per-seat zone needs its seat from 1: zone@1)";
  return z;
}

// Everything `seat` is shown, each part named: its view in English and in
// Czech (zones, decisions with prompts and labels, the journal), and its
// screen in both when the packs draw one.
std::string Runner::shown_to(int seat) {
  std::string out;
  for (const char* lang : {"en", "cs"}) {
    out += engine->view_json(state, seat, lang);
    if (Screen::declared(engine->packs())) {
      if (!screen) screen = std::make_unique<Screen>(*engine);
      for (const auto& l : screen->draw(state, seat, lang)) out += "\n" + l;
    }
  }
  return out;
}

// viewN.FIELD: what seat N (0: an onlooker) is shown.
bool Runner::seen_by(int seat, const std::string& field, Value& out, std::string& why) {
  const nlohmann::json view = nlohmann::json::parse(engine->view_json(state, seat));
  auto dot = field.find('.');
  const std::string part = field.substr(0, dot), rest = dot == std::string::npos ? "" : field.substr(dot + 1);
  if (part == "zone" || part == "count") {
    const int z = zone_from(rest, why);
    if (z < 0) return false;
    const nlohmann::json& zj = view["zones"][static_cast<size_t>(z)];
    if (part == "count") return out = Value(zj["count"].get<int64_t>()), true;
    // Each item as the seat can tell it: the alias or definition id of what
    // it knows, "?" for what it does not; a zone shown by counts lists its
    // definitions in definition order, then its hidden ones.
    List l;
    if (zj.contains("items")) {
      for (const auto& it : zj["items"])
        l.push_back(Value(it.contains("hidden") ? std::string("?") : entity_label(it["id"].get<EntityId>())));
    } else {
      int64_t shown = 0;
      if (zj.contains("groups"))
        for (const auto& g : zj["groups"])
          for (int64_t i = 0; i < g["count"].get<int64_t>(); ++i, ++shown) l.push_back(Value(g["def"].get<std::string>()));
      for (int64_t i = shown; i < zj["count"].get<int64_t>(); ++i) l.push_back(Value("?"));
    }
    return out = Value::list(std::move(l)), true;
  }
  if (part == "knows") {
    EntityId id;
    if (!find_entity(rest, id, why)) return false;
    return out = Value(engine->known(state, id, seat)), true;
  }
  if (part == "prompt" || part == "options" || part == "labels") {
    out = part == "prompt" ? Value() : Value::list({});
    for (const auto& d : view["decisions"]) {
      if (!d.contains("options")) continue;  // another seat's
      if (part == "prompt") return out = Value(d["prompt"].get<std::string>()), true;
      List l;
      for (const auto& o : d["options"]) l.push_back(Value(o[part == "options" ? "id" : "label"].get<std::string>()));
      return out = Value::list(std::move(l)), true;
    }
    return true;
  }
  if (part == "waiting") {  // the seats whose open decisions it sees, and their prompts where shown
    List l;
    for (const auto& d : view["decisions"])
      if (!d.contains("options"))
        l.push_back(Value("seat " + std::to_string(d["seat"].get<int>()) +
                          (d.contains("prompt") ? ": " + d["prompt"].get<std::string>() : std::string())));
    return out = Value::list(std::move(l)), true;
  }
  if (part == "log") {
    List l;
    for (size_t i = final_check ? 0 : log_mark; i < lines.size(); ++i)
      if (lines[i].seat < 0 || lines[i].seat == seat) l.push_back(Value(lines[i].text));
    return out = Value::list(std::move(l)), true;
  }
  if (part == "screen") {
    if (!Screen::declared(engine->packs())) {
      why = "the packs declare no [screen]";
      return false;
    }
    if (!screen) screen = std::make_unique<Screen>(*engine);
    std::string text;
    for (const auto& l : screen->draw(state, seat, "en")) text += l + "\n";
    return out = Value(text), true;
  }
  why = "a view has zone.Z, count.Z, knows.A, prompt, options, labels, waiting, log, screen and unseen";
  return false;
}

bool Runner::actual(const std::string& key, Value& out, std::string& why) {
  auto dot = key.find('.');
  std::string subject = key.substr(0, dot);
  std::string field = dot == std::string::npos ? "" : key.substr(dot + 1);
  if (subject == "game") {
    if (field == "over") return out = Value(state.over), true;
    if (field == "result") return out = state.result, true;
    if (field == "start_seat") return out = Value(int64_t{state.start_seat + 1}), true;
    why = "game has over, result, start_seat";
    return false;
  }
  if (subject == "var") return out = state.var(field), true;
  if (subject == "log" || key == "events" || key == "events.all") {
    List l;
    if (subject == "events") {
      for (size_t i = final_check ? 0 : event_mark; i < events.size(); ++i) l.push_back(Value(events[i]));
      return out = Value::list(std::move(l)), true;
    }
    if (field != "keys" && field != "all" && field != "lines" && field != "text") {
      why = "log has keys, all, lines and text";
      return false;
    }
    for (size_t i = final_check ? 0 : log_mark; i < lines.size(); ++i)
      l.push_back(field == "lines" ? lines[i].args : Value(field == "text" ? lines[i].text : lines[i].key));
    return out = Value::list(std::move(l)), true;
  }
  if (subject == "zone" || subject == "count") {
    int z = zone_from(field, why);
    if (z < 0) return false;
    if (subject == "count") return out = Value(static_cast<int64_t>(state.zones[z].items.size())), true;
    List l;
    for (EntityId id : state.zones[z].items) l.push_back(Value(entity_label(id)));
    return out = Value::list(std::move(l)), true;
  }
  if (subject == "where") {  // where every entity of a definition (or an alias) is, in creation order
    List l;
    auto alias = aliases.find(field);
    const int32_t def = engine->packs().def_id(field);
    if (alias == aliases.end() && def < 0) {
      why = "no alias or definition '" + field + "'";
      return false;
    }
    for (size_t i = 0; i < state.entities.size(); ++i) {
      const Entity& e = state.entities[i];
      const bool named = alias != aliases.end() ? alias->second == static_cast<EntityId>(i) : e.def == def;
      if (named && e.zone >= 0) l.push_back(Value(engine->zone_name(state, e.zone)));
    }
    return out = Value::list(std::move(l)), true;
  }
  if (subject == "decision") {
    const Decision* d = state.pending.empty() ? nullptr : &state.pending.front();
    if (field == "seat") return out = d ? Value(int64_t{d->seat + 1}) : Value(), true;
    if (field == "prompt") return out = d ? Value(engine->prompt(state, *d, "en", Engine::kAllSeeing)) : Value(), true;
    if (field == "options") {
      List l;
      if (d)
        for (const auto& o : d->options) l.push_back(Value(o.id));
      return out = Value::list(std::move(l)), true;
    }
    if (field == "pick") {
      if (!d || !d->subset()) return out = Value(), true;
      return out = Value::list({Value(int64_t{d->pick_min}), Value(int64_t{d->most()})}), true;
    }
    why = "decision has seat, prompt, options, pick";
    return false;
  }
  if (const int64_t n = numbered(subject, "view"); n >= 0) {
    if (n > static_cast<int64_t>(state.seats.size())) {
      why = "no seat " + std::to_string(n) + " (view0 is an onlooker, view1.. the seats)";
      return false;
    }
    return seen_by(static_cast<int>(n) - 1, field, out, why);
  }
  if (const int64_t n = numbered(subject, "seat"); n >= 0) {
    if (n < 1 || n > static_cast<int64_t>(state.seats.size())) {
      why = "no " + subject;
      return false;
    }
    return out = dict_get(state.seats[n - 1].counters, field), true;
  }
  EntityId id;
  if (!find_entity(subject, id, why)) return false;
  const Entity& e = state.entities[id];
  if (field == "zone") return out = e.zone < 0 ? Value() : Value(engine->packs().zones[state.zones[e.zone].def].id), true;
  if (field == "where") return out = e.zone < 0 ? Value() : Value(engine->zone_name(state, e.zone)), true;
  if (field == "face_up") return out = Value(e.face_up), true;
  if (field == "owner") return out = e.owner < 0 ? Value() : Value(int64_t{e.owner + 1}), true;
  return out = engine->prop(state, id, field), true;
}

void Runner::check(const toml::table& expect, const std::string& where) {
  for (auto&& [k, v] : expect) {
    const std::string key(k.str());
    ++r.checks;
    // viewN.unseen = [...]: none of these is anywhere the seat is shown.
    if (const auto dot = key.find('.'); dot != std::string::npos && key.substr(dot + 1) == "unseen") {
      const int64_t n = numbered(key.substr(0, dot), "view");
      const Value names = to_value(v);
      if (n < 0 || n > static_cast<int64_t>(state.seats.size()) || !names.is_list() || names.items().empty()) {
        fail(where + ": " + key + ": viewN.unseen (N a seat, 0 an onlooker) takes a non-empty list of names");
        continue;
      }
      const int seat = static_cast<int>(n) - 1;
      const std::string shown = shown_to(seat);
      for (const Value& name : names.items()) {
        if (!name.is_str()) {
          fail(where + ": " + key + ": " + name.to_string() + " is not a name");
          continue;
        }
        // An entity: the seat does not know it, and neither its definition
        // id nor its name appears; a plain string: it does not appear.
        const std::string named(name.as_str());
        std::vector<std::string> words{named};
        EntityId id;
        std::string why;
        if (find_entity(named, id, why)) {
          if (engine->known(state, id, seat)) {
            fail(where + ": " + key + ": the seat knows " + named);
            continue;
          }
          const EntityDef& d = *engine->packs().defs[state.entities[id].def];
          words = {d.id, d.name.en};
          if (!d.name.cs.empty()) words.push_back(d.name.cs);
        }
        for (const auto& w : words)
          if (!w.empty() && shown.find(w) != std::string::npos) {
            const size_t at = shown.find(w), from = at < 60 ? 0 : at - 60;
            fail(where + ": " + key + ": \"" + w + "\" is shown to " + (seat < 0 ? "the onlooker" : "seat " + std::to_string(seat + 1)) +
                 ": ..." + shown.substr(from, at - from + w.size() + 20) + "...");
            break;
          }
      }
      continue;
    }
    const bool match = is_matcher(v);
    Value want = match ? Value() : to_value(v), got;
    std::string why;
    if (!actual(key, got, why)) {
      fail(where + ": " + key + ": " + why);
      continue;
    }
    const bool text = textual(key);
    if (match) {
      for (auto&& [m, x] : *v.as_table()) {
        const Value w = to_value(x);
        if (!holds(std::string(m.str()), w, got, text))
          fail(where + ": " + key + ": expected " + std::string(m.str()) + " " + w.to_string() + ", actual " + got.to_string());
      }
      continue;
    }
    // An integer expectation against a missing number reads it as 0.
    if (want.is_int() && got.is_nil()) got = Value(int64_t{0});
    if (want.is_bool() && got.is_nil()) got = Value(false);
    if (key == "log.keys" || key == "events" || key == "log.lines" || key == "log.text") {
      if (!want.is_list() || want.items().empty())
        fail(where + ": " + key + ": give a non-empty list (" + (key == "events" ? "events.all" : "log.all") +
             " = [] says that nothing was)");
      else if (!in_order(want, got, text))
        fail(where + ": " + key + ": expected " + want.to_string() + " in this order, actual " + got.to_string());
      continue;
    }
    if (!(want == got)) fail(where + ": " + key + ": expected " + want.to_string() + ", actual " + got.to_string());
  }
}

}  // namespace tabula::scenario_detail
