#include "core/state_json.h"

#include <nlohmann/json.hpp>
#include <stdexcept>

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

Value value_from_json(const json& j) {
  if (j.is_null()) return {};
  if (j.is_boolean()) return Value(j.get<bool>());
  if (j.is_number_integer()) return Value(j.get<int64_t>());
  if (j.is_string()) return Value(j.get<std::string>());
  if (j.is_array()) {
    List l;
    for (const auto& x : j) l.push_back(value_from_json(x));
    return Value::list(std::move(l));
  }
  if (j.is_object()) {
    Dict d;
    for (auto it = j.begin(); it != j.end(); ++it) d.emplace_back(it.key(), value_from_json(it.value()));
    return Value::dict(std::move(d));
  }
  throw std::runtime_error("unsupported JSON value (numbers must be integers): " + j.dump());
}

namespace {
json dict_json(const Dict& d) { return value_to_json(Value::dict(d)); }
Dict json_dict(const json& j) { return j.is_null() ? Dict{} : value_from_json(j).entries(); }

json call_json(const Call& c) {
  return {{"module", c.module}, {"fn", c.fn}, {"args", value_to_json(c.args)}, {"entity", c.entity}, {"what", c.what}};
}
Call json_call(const json& j) {
  Call c;
  c.module = j.at("module");
  c.fn = j.at("fn");
  c.args = value_from_json(j.at("args"));
  c.entity = j.at("entity");
  c.what = j.at("what");
  return c;
}
}  // namespace

json state_to_json(const State& s) {
  json j;
  j["format"] = "tabula-state/1";
  j["seed"] = s.seed;
  j["rng"] = {{"words", {s.rng.words()[0], s.rng.words()[1], s.rng.words()[2], s.rng.words()[3]}},
              {"draws", s.rng.draws()}};
  json ents = json::array();
  for (const auto& e : s.entities)
    ents.push_back({{"id", e.id}, {"def", e.def}, {"zone", e.zone}, {"owner", e.owner},
                    {"face_up", e.face_up}, {"props", dict_json(e.props)}});
  j["entities"] = ents;
  json zones = json::array();
  for (const auto& z : s.zones) zones.push_back({{"key", z.key}, {"def", z.def}, {"seat", z.seat}, {"items", z.items}});
  j["zones"] = zones;
  json seats = json::array();
  for (const auto& st : s.seats)
    seats.push_back({{"name", st.name}, {"counters", dict_json(st.counters)}, {"secret", dict_json(st.secret)}});
  j["seats"] = seats;
  j["vars"] = dict_json(s.vars);
  j["options"] = dict_json(s.options);
  j["start_seat"] = s.start_seat;
  json flow = json::array();
  for (const auto& f : s.flow)
    flow.push_back({{"node", f.node}, {"started", f.started}, {"iteration", f.iteration},
                    {"seat_pos", f.seat_pos}, {"first_seat", f.first_seat}, {"child", f.child}});
  j["flow"] = flow;
  j["combat"] = {{"active", s.combat.active}, {"seat", s.combat.seat}, {"defenders", s.combat.defenders},
                 {"defeated", s.combat.defeated}, {"stage", s.combat.stage},
                 {"agenda_floor", s.combat.agenda_floor}};
  json agenda = json::array();
  for (const auto& c : s.agenda) agenda.push_back(call_json(c));
  j["agenda"] = agenda;
  json pending = json::array();
  for (const auto& d : s.pending) {
    json opts = json::array();
    for (const auto& o : d.options) opts.push_back({{"id", o.id}, {"label", o.label}});
    pending.push_back({{"seat", d.seat}, {"prompt", d.prompt}, {"options", opts}, {"then", call_json(d.then)},
                       {"secret", d.secret}});
  }
  j["pending"] = pending;
  j["over"] = s.over;
  j["result"] = value_to_json(s.result);
  j["choices_applied"] = s.choices_applied;
  json journal = json::array();
  for (const auto& l : s.journal) journal.push_back({{"seat", l.seat}, {"text", l.text}});
  j["journal"] = journal;
  return j;
}

State state_from_json(const json& j) {
  try {
    if (j.value("format", "") != "tabula-state/1") throw std::runtime_error("not a tabula-state/1 document");
    State s;
    s.seed = j.at("seed");
    uint64_t words[4];
    for (int i = 0; i < 4; ++i) words[i] = j.at("rng").at("words").at(i);
    s.rng.restore(words, j.at("rng").at("draws"));
    for (const auto& e : j.at("entities")) {
      Entity x;
      x.id = e.at("id");
      x.def = e.at("def");
      x.zone = e.at("zone");
      x.owner = e.at("owner");
      x.face_up = e.at("face_up");
      x.props = json_dict(e.at("props"));
      s.entities.push_back(std::move(x));
    }
    for (const auto& z : j.at("zones")) {
      Zone x;
      x.key = z.at("key");
      x.def = z.at("def");
      x.seat = z.at("seat");
      x.items = z.at("items").get<std::vector<EntityId>>();
      s.zones.push_back(std::move(x));
    }
    for (const auto& st : j.at("seats")) {
      Seat x;
      x.name = st.at("name");
      x.counters = json_dict(st.at("counters"));
      x.secret = json_dict(st.at("secret"));
      s.seats.push_back(std::move(x));
    }
    s.vars = json_dict(j.at("vars"));
    s.options = json_dict(j.at("options"));
    s.start_seat = j.at("start_seat");
    for (const auto& f : j.at("flow")) {
      FlowFrame x;
      x.node = f.at("node");
      x.started = f.at("started");
      x.iteration = f.at("iteration");
      x.seat_pos = f.at("seat_pos");
      x.first_seat = f.at("first_seat");
      x.child = f.at("child");
      s.flow.push_back(x);
    }
    const auto& c = j.at("combat");
    s.combat.active = c.at("active");
    s.combat.seat = c.at("seat");
    s.combat.defenders = c.at("defenders");
    s.combat.defeated = c.at("defeated");
    s.combat.stage = c.at("stage");
    s.combat.agenda_floor = c.at("agenda_floor");
    for (const auto& a : j.at("agenda")) s.agenda.push_back(json_call(a));
    for (const auto& p : j.at("pending")) {
      Decision d;
      d.seat = p.at("seat");
      d.prompt = p.at("prompt");
      for (const auto& o : p.at("options")) d.options.push_back({o.at("id"), o.at("label")});
      d.then = json_call(p.at("then"));
      d.secret = p.at("secret");
      s.pending.push_back(std::move(d));
    }
    s.over = j.at("over");
    s.result = value_from_json(j.at("result"));
    s.choices_applied = j.at("choices_applied");
    for (const auto& l : j.at("journal")) s.journal.push_back({l.at("seat"), l.at("text")});
    return s;
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("malformed state: ") + e.what());
  }
}

}  // namespace tabula
