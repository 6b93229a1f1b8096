#include "core/scenario.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "core/engine.h"
#include "core/kernel_error.h"
#include "core/state_json.h"
#include "core/subset.h"
#include "core/toml_guard.h"

namespace tabula {

namespace fs = std::filesystem;

namespace {

std::string at(const toml::node& n) {
  const auto& s = n.source();
  return (s.path ? *s.path : std::string("?")) + ":" + std::to_string(s.begin.line) + ":" +
         std::to_string(s.begin.column);
}

// Strict files: a key the format does not know is an error, not ignored.
void only_keys(const toml::table& t, const std::vector<std::string>& known, const std::string& prefix) {
  for (auto&& [k, v] : t)
    if (std::find(known.begin(), known.end(), std::string(k.str())) == known.end())
      throw std::runtime_error(at(v) + ": unknown key '" + prefix + std::string(k.str()) + "'");
}

// Kernel values nest at most kMaxValueDepth levels; a deeper one would make
// a state that no save can hold.
Value to_value(const toml::node& n, int depth = 0) {
  if (depth > kMaxValueDepth)
    throw std::runtime_error(at(n) + ": nested deeper than " + std::to_string(kMaxValueDepth) + " levels");
  if (n.is_integer()) return Value(*n.value<int64_t>());
  if (n.is_string()) return Value(*n.value<std::string>());
  if (n.is_boolean()) return Value(*n.value<bool>());
  if (const toml::array* a = n.as_array()) {
    List l;
    for (const auto& x : *a) l.push_back(to_value(x, depth + 1));
    return Value::list(std::move(l));
  }
  if (const toml::table* t = n.as_table()) {
    Dict d;
    for (auto&& [k, v] : *t) d.emplace_back(std::string(k.str()), to_value(v, depth + 1));
    return Value::dict(std::move(d));
  }
  throw std::runtime_error(at(n) + ": unsupported value (integers, strings, booleans, arrays, tables)");
}

// choose = ["a", "c"]: a subset decision's answer, as Engine::apply reads
// it (core/subset.h); [] is the empty set.
std::string set_choice(const toml::array& ids) {
  if (ids.empty()) return std::string(kEmptySubset);
  std::string out;
  for (const auto& x : ids) {
    if (!x.is_string() && !x.is_integer()) throw std::runtime_error(at(x) + ": choose lists option ids (strings or integers)");
    if (!out.empty()) out += kSubsetSeparator;
    out += x.is_string() ? *x.value<std::string>() : std::to_string(*x.value<int64_t>());
  }
  return out;
}

// A seat from 1 as the file gives it, checked before it becomes an int:
// 4294967297 must not quietly be seat 1.
int seat_number(const toml::node& n, const std::string& key, size_t seats) {
  const int64_t v = *n.value<int64_t>();
  if (v < 1 || static_cast<uint64_t>(v) > seats)
    throw std::runtime_error(at(n) + ": " + key + ": " + std::to_string(v) + " is no seat (1.." + std::to_string(seats) + ")");
  return static_cast<int>(v) - 1;
}

// A whole number from 0 written in a name ("seat2", "knight#3"), or -1.
int64_t number_in(std::string_view digits) {
  int64_t v = -1;
  auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  return ec == std::errc() && p == digits.data() + digits.size() ? v : -1;
}

// A key of `t`, if present, must hold a value of this TOML type.
void want(const toml::table& t, const char* key, toml::node_type type, const char* what, const std::string& prefix) {
  const toml::node* n = t.get(key);
  if (n && n->type() != type)
    throw std::runtime_error(at(*n) + ": " + prefix + key + " must be " + what);
}

struct Runner {
  explicit Runner(ScenarioResult& result) : r(result) {}
  ScenarioResult& r;
  Engine* engine = nullptr;
  State state;
  std::map<std::string, EntityId> aliases;

  void fail(std::string msg) {
    r.ok = false;
    r.failures.push_back(std::move(msg));
  }

  std::string entity_label(EntityId id) const {
    for (const auto& [a, e] : aliases)
      if (e == id) return a;
    return engine->def_name(state, id);
  }

  // An alias from [[create]] or the id of a definition with exactly one entity.
  bool find_entity(const std::string& name, EntityId& out, std::string& why) const {
    if (auto it = aliases.find(name); it != aliases.end()) {
      out = it->second;
      return true;
    }
    // "def#n": the n-th entity of a definition, in creation order.
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
    why = found == 0 ? "no entity or alias '" + name + "'" : "'" + name + "' names " + std::to_string(found) +
                                                                  " entities; give them aliases";
    return false;
  }

  // "zone" or "zone@seat" with seat counted from 1
  int zone_from(const std::string& spec, std::string& why) const {
    int z = engine->zone_index(state, spec);
    if (z < 0) why = "no zone '" + spec + "' (a per-seat zone needs its seat from 1: zone@1)";
    return z;
  }

  std::string zone_name(int z) const { return engine->zone_name(state, z); }

  // The actual value for an assertion key; false (with why) when the key means nothing.
  bool actual(const std::string& key, Value& out, std::string& why) const {
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
    if (subject == "zone" || subject == "count") {
      int z = zone_from(field, why);
      if (z < 0) return false;
      if (subject == "count") return out = Value(static_cast<int64_t>(state.zones[z].items.size())), true;
      List l;
      for (EntityId id : state.zones[z].items) l.push_back(Value(entity_label(id)));
      return out = Value::list(std::move(l)), true;
    }
    if (subject == "decision") {
      const Decision* d = state.pending.empty() ? nullptr : &state.pending.front();
      if (field == "seat") return out = d ? Value(int64_t{d->seat + 1}) : Value(), true;
      if (field == "prompt") return out = d ? Value(engine->prompt(state, *d)) : Value(), true;
      if (field == "options") {
        List l;
        if (d)
          for (const auto& o : d->options) l.push_back(Value(o.id));
        return out = Value::list(std::move(l)), true;
      }
      if (field == "pick") {  // [min, max] of a subset decision
        if (!d || !d->subset()) return out = Value(), true;
        return out = Value::list({Value(int64_t{d->pick_min}), Value(int64_t{d->most()})}), true;
      }
      why = "decision has seat, prompt, options, pick";
      return false;
    }
    if (subject.rfind("seat", 0) == 0 && subject.size() > 4 && std::isdigit(static_cast<unsigned char>(subject[4]))) {
      const int64_t seat = number_in(std::string_view(subject).substr(4)) - 1;
      if (seat < 0 || seat >= static_cast<int64_t>(state.seats.size())) {
        why = "no " + subject;
        return false;
      }
      return out = dict_get(state.seats[seat].counters, field), true;
    }
    EntityId id;
    if (!find_entity(subject, id, why)) return false;
    const Entity& e = state.entities[id];
    if (field == "zone") return out = e.zone < 0 ? Value() : Value(engine->packs().zones[state.zones[e.zone].def].id), true;
    if (field == "where") return out = e.zone < 0 ? Value() : Value(zone_name(e.zone)), true;
    if (field == "face_up") return out = Value(e.face_up), true;
    if (field == "owner") return out = e.owner < 0 ? Value() : Value(int64_t{e.owner + 1}), true;
    return out = engine->prop(state, id, field), true;
  }

  void check(const toml::table& expect, const std::string& where) {
    for (auto&& [k, v] : expect) {
      std::string key(k.str());
      Value want = to_value(v), got;
      std::string why;
      ++r.checks;
      if (!actual(key, got, why)) {
        fail(where + ": " + key + ": " + why);
        continue;
      }
      // An integer expectation against a missing number reads it as 0.
      if (want.is_int() && got.is_nil()) got = Value(int64_t{0});
      if (want.is_bool() && got.is_nil()) got = Value(false);
      if (!(want == got)) fail(where + ": " + key + ": expected " + want.to_string() + ", actual " + got.to_string());
    }
  }
};

}  // namespace

ScenarioResult run_scenario(const std::string& path, const std::string& content_dir) {
  ScenarioResult r;
  r.name = path;
  Runner run(r);
  try {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) throw std::runtime_error(path + ": cannot read the file");
    int line = 0, column = 0;
    if (const std::string why = toml_guard_error(text.str(), line, column); !why.empty())
      throw std::runtime_error(path + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + why);
    toml::table doc = toml::parse(text.str(), path);
    const toml::table* sc = doc["scenario"].as_table();
    if (!sc) throw std::runtime_error(path + ": missing [scenario] table");
    only_keys(doc, {"scenario", "create", "counters", "vars", "step", "expect"}, "");
    only_keys(*sc, {"name", "spec", "pack", "seats", "seed", "options", "finish"}, "scenario.");
    for (const char* k : {"name", "spec", "pack", "finish"}) want(*sc, k, toml::node_type::string, "a string", "scenario.");
    for (const char* k : {"seats", "seed"}) want(*sc, k, toml::node_type::integer, "an integer", "scenario.");
    want(*sc, "options", toml::node_type::table, "a table", "scenario.");
    r.name = (*sc)["name"].value<std::string>().value_or(path);
    r.spec = sc->get("spec") ? sc->get("spec")->value<std::string>().value_or("") : "";
    std::string pack = (*sc)["pack"].value<std::string>().value_or("");
    if (pack.empty()) throw std::runtime_error(path + ": scenario.pack is required");
    fs::path pack_dir = fs::path(path).parent_path() / pack;
    if (!fs::exists(pack_dir / "pack.toml")) pack_dir = fs::path(content_dir) / pack;
    LoadResult lr = load_pack(pack_dir.string());
    if (!lr.ok()) throw std::runtime_error("pack " + pack + " does not load:\n" + lr.report());
    auto engine = std::make_unique<Engine>(std::move(lr.packs));
    run.engine = engine.get();
    const SeatsDef& range = engine->packs().seats;
    const int64_t seats64 = (*sc)["seats"].value<int64_t>().value_or(range.fallback);
    if (seats64 < range.min || seats64 > range.max)
      throw std::runtime_error((sc->get("seats") ? at(*sc->get("seats")) : path) + ": scenario.seats: " + std::to_string(seats64) +
                               " is outside the pack's " + std::to_string(range.min) + ".." + std::to_string(range.max) +
                               " seats");
    const int seats = static_cast<int>(seats64);
    uint64_t seed = static_cast<uint64_t>((*sc)["seed"].value<int64_t>().value_or(1));
    Dict options;
    if (const toml::node* o = sc->get("options")) options = to_value(*o).entries();
    std::string finish = (*sc)["finish"].value<std::string>().value_or("any");
    run.state = engine->blank_state(seed, seats, options);

    if (const toml::array* creates = doc["create"].as_array()) {
      for (const auto& c : *creates) {
        if (!c.is_table()) throw std::runtime_error(at(c) + ": each [[create]] entry must be a table");
        const toml::table& t = *c.as_table();
        only_keys(t, {"as", "def", "zone", "seat", "owner", "face_up", "props"}, "create.");
        for (const char* k : {"as", "def", "zone"}) want(t, k, toml::node_type::string, "a string", "create.");
        for (const char* k : {"seat", "owner"}) want(t, k, toml::node_type::integer, "an integer", "create.");
        want(t, "face_up", toml::node_type::boolean, "a boolean", "create.");
        want(t, "props", toml::node_type::table, "a table", "create.");
        std::string def = t["def"].value<std::string>().value_or("");
        std::string zone = t["zone"].value<std::string>().value_or("");
        const int seat = t.contains("seat") ? seat_number(*t.get("seat"), "create.seat", run.state.seats.size()) : -1;
        const int owner = t.contains("owner") ? seat_number(*t.get("owner"), "create.owner", run.state.seats.size()) : -2;
        EntityId id;
        try {
          id = engine->create_entity(run.state, def, zone, seat, owner);
        } catch (const std::exception& e) {
          throw std::runtime_error(at(c) + ": " + e.what());
        }
        if (auto fu = t["face_up"].value<bool>()) run.state.entities[id].face_up = *fu;
        if (const toml::table* props = t["props"].as_table())
          for (auto&& [k, v] : *props) {
            try {
              engine->set_prop(run.state, id, k.str(), to_value(v));
            } catch (const KernelError& e) {  // a property the kind does not declare, or a value of another type
              throw std::runtime_error(at(v) + ": create.props." + std::string(k.str()) + ": " + e.what());
            }
          }
        if (auto as = t["as"].value<std::string>()) {
          if (run.aliases.count(*as)) throw std::runtime_error(at(c) + ": alias '" + *as + "' used twice");
          run.aliases[*as] = id;
        }
      }
    }
    if (const toml::table* counters = doc["counters"].as_table()) {
      for (auto&& [k, v] : *counters) {
        const std::string key(k.str());
        const bool number = !key.empty() && key.size() < 4 && std::all_of(key.begin(), key.end(), ::isdigit);
        int seat = number ? std::stoi(key) - 1 : -1;
        if (seat < 0 || seat >= seats || !v.is_table())
          throw std::runtime_error(at(v) + ": counters are given per seat: [counters] 1 = { name = value }");
        for (auto&& [ck, cv] : *v.as_table()) dict_set(run.state.seats[seat].counters, ck.str(), to_value(cv));
      }
    }
    if (const toml::table* vars = doc["vars"].as_table())
      for (auto&& [k, v] : *vars) run.state.set_var(k.str(), to_value(v));

    engine->start(run.state);
    for (const auto& l : run.state.journal) r.journal.push_back(engine->render(run.state, l.text));

    int n = 0;
    if (const toml::array* steps = doc["step"].as_array()) {
      for (const auto& st : *steps) {
        ++n;
        if (!st.is_table()) throw std::runtime_error(at(st) + ": each [[step]] entry must be a table");
        const toml::table& t = *st.as_table();
        only_keys(t, {"seat", "ask", "choose", "options", "expect", "expect_error", "note"}, "step.");
        want(t, "seat", toml::node_type::integer, "an integer", "step.");
        for (const char* k : {"ask", "expect_error", "note"}) want(t, k, toml::node_type::string, "a string", "step.");
        want(t, "options", toml::node_type::array, "an array", "step.");
        want(t, "expect", toml::node_type::table, "a table", "step.");
        std::string where = "step " + std::to_string(n) + " (" + at(st) + ")";
        std::optional<std::string> choice = t["choose"].value<std::string>();
        if (const toml::array* set = t["choose"].as_array()) choice = set_choice(*set);
        if (choice) {
          where = "step " + std::to_string(n) + " '" + *choice + "' (" + at(st) + ")";
          int seat;
          if (t["seat"].is_integer()) seat = seat_number(*t.get("seat"), "step.seat", run.state.seats.size());
          else if (run.state.pending.size() == 1) seat = run.state.pending.front().seat;
          else {
            run.fail(where + ": " + std::to_string(run.state.pending.size()) +
                     " decisions are open; say which seat chooses");
            break;
          }
          const Decision* d = run.state.pending_for(seat);
          if (!d && !t.contains("expect_error")) {
            run.fail(where + ": seat " + std::to_string(seat + 1) + " has no open decision" +
                     (run.state.over ? " (the game is over)" : ""));
            break;
          }
          if (d) {
            if (auto ask = t["ask"].value<std::string>()) {
              const std::string prompt = engine->prompt(run.state, *d);
              if (prompt.find(*ask) == std::string::npos) {
                run.fail(where + ": expected a question containing \"" + *ask + "\", actual \"" + prompt + "\"");
                break;
              }
            }
            if (const toml::node* opts = t.get("options")) {
              ++r.checks;
              List ids;
              for (const auto& o : d->options) ids.push_back(Value(o.id));
              Value want = to_value(*opts), got = Value::list(ids);
              if (!(want == got)) run.fail(where + ": options: expected " + want.to_string() + ", actual " + got.to_string());
            }
          }
          ApplyResult a = engine->apply(run.state, seat, *choice);
          // A rejected choice restores the state, journal included: nothing new to report.
          if (a.ok)
            for (const auto& l : run.state.journal) r.journal.push_back(engine->render(run.state, l.text));
          if (auto err = t["expect_error"].value<std::string>()) {
            ++r.checks;
            if (a.ok) run.fail(where + ": expected the choice to be rejected (" + *err + "), but it was applied");
            else if (a.error.find(*err) == std::string::npos)
              run.fail(where + ": expected an error containing \"" + *err + "\", actual \"" + a.error + "\"");
          } else if (!a.ok) {
            run.fail(where + ": rejected: " + a.error);  // the error lists the legal ids
            break;
          }
        }
        if (const toml::table* e = t["expect"].as_table()) run.check(*e, where);
        r.steps = n;
      }
    }
    if (run.state.over && !run.state.result_text.empty())
      r.journal.push_back(engine->render(run.state, run.state.result_text));
    if (const toml::table* e = doc["expect"].as_table()) run.check(*e, "final [expect] (" + at(*e) + ")");
    if (r.checks == 0)
      run.fail(path + ": the scenario checks nothing; give an [expect] table, a step's expect, options or expect_error");
    if (finish == "over" && !run.state.over) {
      std::string open;
      for (const auto& d : run.state.pending)
        open += " seat " + std::to_string(d.seat + 1) + ": \"" + engine->prompt(run.state, d) + "\"";
      run.fail("the scenario says finish = \"over\", but the game still asks:" + open);
    }
  } catch (const toml::parse_error& e) {
    run.fail(path + ":" + std::to_string(e.source().begin.line) + ":" + std::to_string(e.source().begin.column) + ": " +
             std::string(e.description()));
  } catch (const std::exception& e) {
    run.fail(e.what());
  }
  return r;
}

}  // namespace tabula
