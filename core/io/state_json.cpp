#include "core/io/state_json.h"

#include "core/rules/engine.h"

#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace tabula {

using nlohmann::json;

json value_to_json(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Nil: return nullptr;
    case Value::Kind::Bool: return v.as_bool();
    case Value::Kind::Int: return v.as_int();
    case Value::Kind::Str: return v.as_str();
    case Value::Kind::List: {
      json a = json::array();
      for (const auto& x : v.items()) a.push_back(value_to_json(x));
      return a;
    }
    case Value::Kind::Dict: {
      json o = json::object();
      for (const auto& [k, x] : v.entries()) o[k] = value_to_json(x);
      return o;
    }
  }
  return nullptr;
}

namespace {
Value value_from_json_at(const json& j, const std::string& where, int depth) {
  if (depth > kMaxValueDepth)
    throw std::runtime_error(where + ": nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
  if (j.is_null()) return {};
  if (j.is_boolean()) return Value(j.get<bool>());
  if (j.is_number_integer()) {
    if (j.is_number_unsigned() && j.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX))
      throw std::runtime_error(where + ": integer out of range");
    return Value(j.get<int64_t>());
  }
  if (j.is_string()) return Value(j.get<std::string>());
  if (j.is_array()) {
    List l;
    for (const auto& x : j) l.push_back(value_from_json_at(x, where, depth + 1));
    return Value::list(std::move(l));
  }
  if (j.is_object()) {
    Dict d;
    for (auto it = j.begin(); it != j.end(); ++it) d.emplace_back(it.key(), value_from_json_at(it.value(), where, depth + 1));
    return Value::dict(std::move(d));
  }
  throw std::runtime_error(where + ": unsupported JSON value (numbers must be integers): " + j.dump());
}
}  // namespace

Value value_from_json(const json& j, const std::string& where) { return value_from_json_at(j, where, 0); }

json parse_json(std::string_view text, const std::string& what) {
  // nlohmann's parser keeps its own stack, but copying, printing or
  // converting a document recurses: refuse deep nesting before parsing.
  int depth = 0, line = 1;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (c == '\n') ++line;
    // nlohmann stops at a NUL as at the end of the text: a binary file would
    // be reported as cut short, and what follows a NUL would go unread.
    if (c == '\0') throw std::runtime_error(what + ": line " + std::to_string(line) + ": a NUL byte (not a JSON text)");
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw std::runtime_error(what + ": line " + std::to_string(line) + ": nested deeper than " +
                                 std::to_string(kMaxJsonDepth) + " levels");
    } else if (c == ']' || c == '}') --depth;
  }
  try {
    return json::parse(text);
  } catch (const json::exception& x) {
    throw std::runtime_error(what + ": " + x.what());
  }
}

namespace {
constexpr const char* kFormat = "tabula-state/2";

json dict_json(const Dict& d) { return value_to_json(Value::dict(d)); }
Dict json_dict(const json& j, const std::string& where) {
  if (j.is_null()) return Dict{};
  if (!j.is_object() && !(j.is_array() && j.empty()))
    throw std::runtime_error("malformed state: " + where + ": not an object");
  return value_from_json(j, "malformed state: " + where).entries();
}

[[noreturn]] void bad(const std::string& what) { throw std::runtime_error("malformed state: " + what); }

json text_json(const Engine& e, const TextRef& t) {
  if (t.empty()) return nullptr;
  return {{"text", e.packs().texts[t.key].key}, {"args", value_to_json(t.args)}};
}
TextRef json_text(const Engine& e, const json& j) {
  TextRef t;
  if (j.is_null()) return t;
  t.key = e.packs().text_id(j.at("text").get<std::string>());
  if (t.key < 0) bad("unknown text '" + j.at("text").get<std::string>() + "'");
  t.args = value_from_json(j.at("args"), "malformed state: text arguments");
  return t;
}

json call_json(const Engine& e, const Call& c) {
  return {{"fn", e.function_name(c.fn)}, {"entity", c.entity}, {"kind", static_cast<int>(c.kind)},
          {"detail", c.detail}, {"args", value_to_json(c.args)}};
}
int32_t json_function(const Engine& e, const json& j) {
  const std::string name = j;
  auto colon = name.rfind(':');
  if (colon == std::string::npos) bad("a function is named 'module:path', not '" + name + "'");
  const int32_t fn = e.function_id(name.substr(0, colon), name.substr(colon + 1));
  if (fn < 0) bad("unknown function '" + name + "'");
  return fn;
}

Call json_call(const Engine& e, const State& s, const json& j) {
  Call c;
  c.fn = json_function(e, j.at("fn"));
  c.entity = j.at("entity");
  if (c.entity != kNoEntity && !s.entity(c.entity)) bad("a call names no entity #" + std::to_string(c.entity));
  int kind = j.at("kind");
  if (kind < 0 || kind > static_cast<int>(CallKind::Probe)) bad("unknown call kind " + std::to_string(kind));
  c.kind = static_cast<CallKind>(kind);
  c.detail = j.at("detail");
  c.args = value_from_json(j.at("args"), "malformed state: call arguments");
  return c;
}
}  // namespace

json state_to_json(const Engine& e, const State& s) {
  const PackSet& p = e.packs();
  json j;
  j["format"] = kFormat;
  j["seed"] = s.seed;
  j["seats"] = s.seats.size();
  j["rng"] = {{"words", {s.rng.words()[0], s.rng.words()[1], s.rng.words()[2], s.rng.words()[3]}},
              {"draws", s.rng.draws()}};
  json ents = json::array();
  for (const auto& x : s.entities)
    ents.push_back({{"def", p.defs[x.def]->id}, {"zone", x.zone}, {"owner", x.owner}, {"face_up", x.face_up}});
  j["entities"] = ents;
  json props = json::array();
  for (const auto& c : s.props)
    props.push_back({{"entity", c.entity}, {"prop", p.prop_names[c.prop]}, {"value", value_to_json(c.value)}});
  j["props"] = props;
  if (!s.revealed.empty()) {  // left out when unused, like its hash
    json revealed = json::array();
    for (const auto& r : s.revealed) revealed.push_back({{"entity", r.entity}, {"seat", r.seat}});
    j["revealed"] = revealed;
  }
  json zones = json::array();
  for (size_t z = 0; z < s.zones.size(); ++z) zones.push_back({{"zone", e.zone_name(s, static_cast<int>(z))}, {"items", s.zones[z].items}});
  j["zones"] = zones;
  json seats = json::array();
  for (const auto& st : s.seats) seats.push_back({{"counters", dict_json(st.counters)}, {"secret", dict_json(st.secret)}});
  j["seat_values"] = seats;
  j["vars"] = dict_json(s.vars());
  j["options"] = dict_json(s.options);
  j["start_seat"] = s.start_seat;
  json flow = json::array();
  for (const auto& f : s.flow)
    flow.push_back({{"node", e.node_id(f.node)}, {"started", f.started}, {"iteration", f.iteration},
                    {"seat_pos", f.seat_pos}, {"first_seat", f.first_seat}, {"child", f.child},
                    {"args", value_to_json(f.args)}});
  j["flow"] = flow;
  j["combat"] = {{"active", s.combat.active}, {"seat", s.combat.seat}, {"defenders", s.combat.defenders},
                 {"defeated", s.combat.defeated}, {"stage", s.combat.stage},
                 {"agenda_floor", s.combat.agenda_floor},
                 {"node", s.combat.node < 0 ? json() : json(e.node_id(s.combat.node))},
                 {"flow_depth", s.combat.flow_depth}, {"attackers_lost", s.combat.attackers_lost},
                 {"defender_ids", s.combat.defender_ids}, {"attacker_ids", s.combat.attacker_ids}};
  json agenda = json::array();
  for (const auto& c : s.agenda) agenda.push_back(call_json(e, c));
  j["agenda"] = agenda;
  json pending = json::array();
  for (const auto& d : s.pending) {
    json opts = json::array();
    for (const auto& o : d.options) {
      opts.push_back({{"id", o.id}, {"int", o.int_id}, {"entity", o.entity}, {"label", text_json(e, o.label)}});
      if (o.on_choice >= 0) opts.back()["on_choice"] = e.function_name(o.on_choice);  // only when set: older saves load
    }
    json pj = {{"seat", d.seat}, {"prompt", text_json(e, d.prompt)}, {"option_label", text_json(e, d.option_label)}, {"options", opts},
               {"then", call_json(e, d.then)}, {"secret", d.secret}};
    if (d.subset()) pj["pick"] = {d.pick_min, d.pick_max};
    if (d.refresh >= 0) pj["refresh"] = e.function_name(d.refresh);
    if (d.on_withdraw >= 0) pj["on_withdraw"] = e.function_name(d.on_withdraw);
    pending.push_back(pj);
  }
  j["pending"] = pending;
  j["over"] = s.over;
  j["result"] = value_to_json(s.result);
  j["result_text"] = text_json(e, s.result_text);
  j["choices_applied"] = s.choices_applied;
  json journal = json::array();
  for (const auto& l : s.journal) {
    json line = {{"seat", l.seat}, {"text", text_json(e, l.text)}};
    if (!l.seen.empty()) {
      json seen = json::array();
      for (const auto& [reader, id] : l.seen) seen.push_back({reader, id});
      line["seen"] = seen;
    }
    // What wrote it (Engine::cause); absent from older saves and kernel lines.
    if (l.cause_fn >= 0) line["cause_fn"] = e.function_name(l.cause_fn);
    if (l.cause_entity != kNoEntity) line["cause_entity"] = l.cause_entity;
    journal.push_back(line);
  }
  j["journal"] = journal;
  return j;
}

std::string dump_report(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

void reject_floats(const json& j, const std::string& what) {
  // With its place: a number past 64 bits (a seed of 20 digits) arrives as a
  // double too, and "1e+20" alone would not say where it was written.
  std::vector<std::pair<const json*, std::string>> unvisited{{&j, ""}};
  while (!unvisited.empty()) {
    auto [x, at] = std::move(unvisited.back());
    unvisited.pop_back();
    if (x->is_number_float())
      throw std::runtime_error(what + (at.empty() ? "" : at + ": ") +
                               "a number with a fraction or an exponent, or beyond 64 bits (" + x->dump() +
                               "): only integers are allowed here");
    if (x->is_object())
      for (const auto& [k, y] : x->items()) unvisited.push_back({&y, at.empty() ? k : at + "." + k});
    else if (x->is_array())
      for (size_t i = 0; i < x->size(); ++i) unvisited.push_back({&(*x)[i], at + "[" + std::to_string(i) + "]"});
  }
}

State state_from_json(const Engine& e, const json& j) {
  const PackSet& p = e.packs();
  reject_floats(j, "malformed state: ");
  try {
    if (j.value("format", "") != kFormat) {
      if (j.value("format", "") == "tabula-state/1")
        throw std::runtime_error("this state was saved by an older format (tabula-state/1); it cannot be loaded");
      throw std::runtime_error(std::string("not a ") + kFormat + " document");
    }
    const int64_t nseats = j.at("seats");
    if (nseats < p.seats.min || nseats > p.seats.max) bad("seat count " + std::to_string(nseats) + " outside the pack's range");
    State s = e.blank_state(j.at("seed"), static_cast<int>(nseats), json_dict(j.at("options"), "options"));
    uint64_t words[4];
    for (int i = 0; i < 4; ++i) words[i] = j.at("rng").at("words").at(i);
    s.rng.restore(words, j.at("rng").at("draws"));
    for (const auto& x : j.at("entities")) {
      Entity en;
      en.def = p.def_id(x.at("def").get<std::string>());
      if (en.def < 0) bad("unknown entity definition '" + x.at("def").get<std::string>() + "'");
      en.zone = x.at("zone");
      if (en.zone < -1 || en.zone >= static_cast<int>(s.zones.size())) bad("an entity in no zone " + std::to_string(en.zone));
      en.owner = x.at("owner");
      if (en.owner < -1 || en.owner >= nseats)
        bad("entity #" + std::to_string(s.entities.size()) + " is owned by no seat (" + std::to_string(en.owner) + ")");
      en.face_up = x.at("face_up");
      s.entities.push_back(en);
    }
    for (const auto& c : j.at("props")) {
      const std::string where = "malformed state: props[" + std::to_string(s.props.size()) + "].value";
      PropCell cell;
      cell.entity = c.at("entity");
      cell.prop = p.prop_id(c.at("prop").get<std::string>());
      if (!s.entity(cell.entity) || cell.prop < 0) bad("a property of no entity or of no kind");
      cell.value = value_from_json(c.at("value"), where);
      s.props.push_back(std::move(cell));
    }
    if (!std::is_sorted(s.props.begin(), s.props.end(), [](const PropCell& a, const PropCell& b) {
          return a.entity != b.entity ? a.entity < b.entity : a.prop < b.prop;
        }))
      bad("properties out of order");
    if (j.contains("revealed")) {
      for (const auto& r : j.at("revealed")) {
        Reveal x{r.at("entity").get<EntityId>(), r.at("seat").get<int32_t>()};
        if (!s.entity(x.entity) || x.seat < 0 || x.seat >= nseats) bad("a reveal of no entity or to no seat");
        if (!s.revealed.empty() && (s.revealed.back().entity > x.entity ||
                                    (s.revealed.back().entity == x.entity && s.revealed.back().seat >= x.seat)))
          bad("reveals out of order");
        s.revealed.push_back(x);
      }
    }
    const auto& zones = j.at("zones");
    if (zones.size() != s.zones.size()) bad("the zones do not match the packs");
    std::vector<int> listed(s.entities.size(), 0);
    for (size_t z = 0; z < zones.size(); ++z) {
      if (zones[z].at("zone").get<std::string>() != e.zone_name(s, static_cast<int>(z))) bad("the zones do not match the packs");
      s.zones[z].items = zones[z].at("items").get<std::vector<EntityId>>();
      for (EntityId id : s.zones[z].items) {
        if (!s.entity(id) || s.entities[id].zone != static_cast<int>(z)) bad("zone " + e.zone_name(s, static_cast<int>(z)) + " lists an entity that is elsewhere");
        if (listed[id]++) bad("zone " + e.zone_name(s, static_cast<int>(z)) + " lists entity #" + std::to_string(id) + " twice");
      }
    }
    for (size_t id = 0; id < s.entities.size(); ++id)
      if (s.entities[id].zone >= 0 && !listed[id])
        bad("entity #" + std::to_string(id) + " is in zone " + e.zone_name(s, s.entities[id].zone) + ", which does not list it");
    const auto& seats = j.at("seat_values");
    if (seats.size() != s.seats.size()) bad("seat values for another number of seats");
    for (size_t i = 0; i < seats.size(); ++i) {
      const std::string where = "seat_values[" + std::to_string(i) + "].";
      s.seats[i].counters = json_dict(seats[i].at("counters"), where + "counters");
      s.seats[i].secret = json_dict(seats[i].at("secret"), where + "secret");
    }
    for (auto& [k, v] : json_dict(j.at("vars"), "vars")) s.set_var(k, std::move(v));
    s.start_seat = j.at("start_seat");
    if (s.start_seat < 0 || s.start_seat >= nseats) bad("start_seat " + std::to_string(s.start_seat) + " is no seat");
    for (const auto& f : j.at("flow")) {
      FlowFrame x;
      x.node = e.node_index(f.at("node").get<std::string>());
      if (x.node < 0) bad("unknown flow node '" + f.at("node").get<std::string>() + "'");
      x.started = f.at("started");
      x.iteration = f.at("iteration");
      x.seat_pos = f.at("seat_pos");
      x.first_seat = f.at("first_seat");
      x.child = f.at("child");
      // The frame's body: as Engine::body_length counts it.
      const FlowNode& n = p.flow.at(e.node_id(x.node));
      const int body = n.combat ? static_cast<int>(p.combat.stages.size())
                       : !n.stages.empty() ? static_cast<int>(n.stages.size())
                       : !n.hook.empty()   ? 1
                                           : static_cast<int>(n.steps.size());
      const std::string where = "flow[" + std::to_string(s.flow.size()) + "] (" + n.id + ")";
      if (x.child < -1 || x.child > body) bad(where + ": child " + std::to_string(x.child) + " is outside its body");
      if (x.iteration < 0) bad(where + ": negative iteration");
      if (x.seat_pos < 0 || x.seat_pos >= std::max<int64_t>(nseats, 1)) bad(where + ": seat_pos " + std::to_string(x.seat_pos) + " is no seat");
      if (x.first_seat < 0 || x.first_seat >= std::max<int64_t>(nseats, 1)) bad(where + ": first_seat " + std::to_string(x.first_seat) + " is no seat");
      x.args = value_from_json(f.at("args"), "malformed state: flow[" + std::to_string(s.flow.size()) + "].args");
      s.flow.push_back(x);
    }
    const auto& c = j.at("combat");
    s.combat.active = c.at("active");
    s.combat.seat = c.at("seat");
    s.combat.defenders = c.at("defenders");
    s.combat.defeated = c.at("defeated");
    s.combat.stage = c.at("stage");
    s.combat.agenda_floor = c.at("agenda_floor");
    if (!c.at("node").is_null()) {
      s.combat.node = e.node_index(c.at("node").get<std::string>());
      if (s.combat.node < 0) bad("unknown flow node '" + c.at("node").get<std::string>() + "' in the fight");
    }
    s.combat.flow_depth = c.at("flow_depth");
    if (s.combat.seat < -1 || s.combat.seat >= nseats) bad("the fight's seat " + std::to_string(s.combat.seat) + " is no seat");
    if (s.combat.defenders < -1 || s.combat.defenders >= static_cast<int>(s.zones.size()))
      bad("the fight's defenders are in no zone (" + std::to_string(s.combat.defenders) + ")");
    if (s.combat.stage < 0) bad("the fight's stage is negative");
    if (s.combat.active && (s.combat.flow_depth < 0 || s.combat.flow_depth > static_cast<int>(s.flow.size())))
      bad("the fight's flow depth " + std::to_string(s.combat.flow_depth) + " is outside the flow");
    if (s.combat.active && s.combat.node < 0) bad("an active fight names no flow node");
    s.combat.attackers_lost = c.at("attackers_lost");
    for (auto [key, side] : {std::pair{"defender_ids", &s.combat.defender_ids}, std::pair{"attacker_ids", &s.combat.attacker_ids}}) {
      *side = c.at(key).get<std::vector<EntityId>>();
      for (EntityId id : *side)
        if (!s.entity(id)) bad("the fight names no entity #" + std::to_string(id));
    }
    for (const auto& a : j.at("agenda")) s.agenda.push_back(json_call(e, s, a));
    if (s.combat.active && (s.combat.agenda_floor < 0 || s.combat.agenda_floor > static_cast<int>(s.agenda.size())))
      bad("the fight's agenda floor " + std::to_string(s.combat.agenda_floor) + " is outside the agenda");
    for (const auto& pd : j.at("pending")) {
      Decision d;
      d.seat = pd.at("seat");
      const std::string where = "pending[" + std::to_string(s.pending.size()) + "]";
      if (d.seat < 0 || d.seat >= nseats) bad(where + ": seat " + std::to_string(d.seat) + " is no seat");
      d.prompt = json_text(e, pd.at("prompt"));
      d.option_label = json_text(e, pd.at("option_label"));
      for (const auto& o : pd.at("options")) {
        Option opt;
        opt.id = o.at("id");
        opt.int_id = o.at("int");
        opt.entity = o.at("entity");
        if (opt.entity != kNoEntity && !s.entity(opt.entity))
          bad(where + ": option '" + opt.id + "' names no entity #" + std::to_string(opt.entity));
        opt.label = json_text(e, o.at("label"));
        if (o.contains("on_choice")) opt.on_choice = json_function(e, o.at("on_choice"));
        d.options.push_back(std::move(opt));
      }
      d.then = json_call(e, s, pd.at("then"));
      d.secret = pd.at("secret");
      if (pd.contains("pick")) {
        d.pick_min = pd.at("pick").at(0);
        d.pick_max = pd.at("pick").at(1);
        if (d.pick_min < 0 || d.pick_max < d.pick_min || static_cast<size_t>(d.pick_min) > d.options.size())
          bad("a subset decision's pick bounds do not fit its options");
      }
      auto fn = [&](const char* key) {
        if (!pd.contains(key)) return int32_t{-1};
        const std::string name = pd.at(key);
        auto colon = name.rfind(':');
        const int32_t id = colon == std::string::npos ? -1 : e.function_id(name.substr(0, colon), name.substr(colon + 1));
        if (id < 0) bad("unknown function '" + name + "'");
        return id;
      };
      d.refresh = fn("refresh");
      d.on_withdraw = fn("on_withdraw");
      d.bytes = decision_bytes(d);
      s.pending.push_back(std::move(d));
    }
    s.over = j.at("over");
    s.result = value_from_json(j.at("result"), "malformed state: result");
    s.result_text = json_text(e, j.at("result_text"));
    s.choices_applied = j.at("choices_applied");
    for (const auto& l : j.at("journal")) {
      const int seat = l.at("seat");
      if (seat < -1 || seat >= nseats) bad("journal[" + std::to_string(s.journal.size()) + "]: seat " + std::to_string(seat) + " is no seat");
      JournalLine line{seat, json_text(e, l.at("text")), {}};
      if (l.contains("seen"))
        for (const auto& u : l.at("seen")) {
          const int64_t reader = u.at(0).get<int64_t>(), id = u.at(1).get<int64_t>();
          if (reader < -1 || reader >= nseats || id < 0 || id >= static_cast<int64_t>(s.entities.size()))
            bad("journal[" + std::to_string(s.journal.size()) + "]: seen [" + std::to_string(reader) + ", " + std::to_string(id) + "] is no reader and entity");
          line.seen.emplace_back(static_cast<int32_t>(reader), id);
        }
      std::sort(line.seen.begin(), line.seen.end());
      if (l.contains("cause_fn")) line.cause_fn = json_function(e, l.at("cause_fn"));
      if (l.contains("cause_entity")) {
        const int64_t id = l.at("cause_entity").get<int64_t>();
        if (id < 0 || id >= static_cast<int64_t>(s.entities.size()))
          bad("journal[" + std::to_string(s.journal.size()) + "]: cause_entity " + std::to_string(id) + " is no entity");
        line.cause_entity = static_cast<EntityId>(id);
      }
      s.journal.push_back(std::move(line));
    }
    s.kept_bytes = s.count_kept_bytes();  // entities, properties and the rest were read in place
    return s;
  } catch (const json::exception& x) {
    throw std::runtime_error(std::string("malformed state: ") + x.what());
  }
}

}  // namespace tabula
