#include "core/scenario/scenario.h"

#include "core/pack/toml.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "core/io/state_json.h"
#include "core/pack/toml_guard.h"
#include "core/rules/engine.h"
#include "core/rules/subset.h"
#include "core/scenario/scenario_chance.h"
#include "core/scenario/scenario_defs.h"
#include "core/scenario/scenario_read.h"
#include "core/scenario/scenario_runner.h"
#include "core/state/kernel_error.h"
#include "core/state/suggest.h"

namespace tabula {

namespace fs = std::filesystem;

namespace {

using scenario_read::at;
using scenario_read::only_keys;
using scenario_read::to_value;

// choose = ["a", "c"]: a subset decision's answer, as Engine::apply reads
// it (core/rules/subset.h); [] is the empty set.
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

// A key of `t`, if present, must hold a value of this TOML type.
void want(const toml::table& t, const char* key, toml::node_type type, const char* what, const std::string& prefix) {
  const toml::node* n = t.get(key);
  if (n && n->type() != type)
    throw std::runtime_error(at(*n) + ": " + prefix + key + " must be " + what);
}

// A list of strings under `key` (none: empty).
std::vector<std::string> strings(const toml::table& t, const char* key) {
  std::vector<std::string> out;
  if (const toml::array* a = t[key].as_array())
    for (const auto& x : *a) {
      if (!x.is_string()) throw std::runtime_error(at(x) + ": scenario." + key + " lists strings");
      out.push_back(*x.value<std::string>());
    }
  return out;
}

// [params]: the game's parameters for this scenario only. Each must be one
// the packs declare, with a value of the same type; it is then no longer
// provisional.
void set_params(PackSet& packs, const toml::table& params) {
  for (auto&& [k, v] : params) {
    const std::string name(k.str());
    auto it = packs.params.find(name);
    if (it == packs.params.end()) {
      std::vector<std::string> known;
      for (const auto& [id, _] : packs.params) known.push_back(id);
      throw std::runtime_error(at(v) + ": params." + name + ": the packs declare no parameter '" + name + "'" +
                               suggestion(name, known));
    }
    Value value = to_value(v);
    const Value& was = it->second.value;
    if (value.kind() != was.kind() && !was.is_nil())
      throw std::runtime_error(at(v) + ": params." + name + ": expected a value like " + was.to_string() + ", found " +
                               value.to_string());
    it->second.value = std::move(value);
    it->second.provisional = false;
    it->second.layer = "scenario";
  }
}

}  // namespace

ScenarioResult run_scenario(const std::string& path, const std::string& content_dir,
                            const std::vector<std::string>& search) {
  ScenarioResult r;
  r.name = path;
  std::unique_ptr<Engine> engine;  // outlives the runner, whose screen draws with it
  scenario_detail::Runner run(r);
  ScenarioChance chance(run);
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
    only_keys(doc, {"scenario", "defs", "params", "create", "counters", "vars", "start", "step", "expect"}, "");
    only_keys(*sc, {"name", "spec", "pack", "with", "packs", "seats", "seed", "options", "finish"}, "scenario.");
    for (const char* k : {"name", "spec", "pack", "finish"}) want(*sc, k, toml::node_type::string, "a string", "scenario.");
    for (const char* k : {"seats", "seed"}) want(*sc, k, toml::node_type::integer, "an integer", "scenario.");
    want(*sc, "options", toml::node_type::table, "a table", "scenario.");
    for (const char* k : {"with", "packs"}) want(*sc, k, toml::node_type::array, "a list of strings", "scenario.");
    r.name = (*sc)["name"].value<std::string>().value_or(path);
    r.spec = sc->get("spec") ? sc->get("spec")->value<std::string>().value_or("") : "";
    std::string pack = (*sc)["pack"].value<std::string>().value_or("");
    if (pack.empty()) throw std::runtime_error(path + ": scenario.pack is required");
    // The pack and the layers of `with`: each a folder relative to this
    // file, else a pack id on the search path (the scenario's `packs`, then
    // the caller's), then in the content folder; the layers they build on
    // are found the same way (a mod's scenario finds the shipped game).
    const fs::path here = fs::path(path).parent_path();
    std::vector<std::string> places;
    for (const std::string& dir : strings(*sc, "packs")) places.push_back((here / dir).string());
    places.insert(places.end(), search.begin(), search.end());
    places.push_back(content_dir);
    auto find_pack = [&](const std::string& id) {
      fs::path dir = here / id;
      for (size_t i = 0; i < places.size() && !fs::exists(dir / "pack.toml"); ++i) dir = fs::path(places[i]) / id;
      return dir.string();
    };
    std::vector<std::string> layers;
    const toml::array* with = (*sc)["with"].as_array();
    for (const std::string& id : strings(*sc, "with")) {
      layers.push_back(find_pack(id));
      if (!fs::exists(fs::path(layers.back()) / "pack.toml"))
        throw std::runtime_error(at(*with->get(layers.size() - 1)) + ": scenario.with: no pack '" + id +
                                 "' here, in scenario.packs or in the content folder");
    }
    LoadResult lr = load_pack(find_pack(pack), layers, places);
    if (!lr.ok()) throw std::runtime_error("pack " + pack + " does not load:\n" + lr.report());
    if (const toml::node* defs = doc.get("defs")) {
      if (!defs->is_table()) throw std::runtime_error(at(*defs) + ": defs must be a table: [defs.ID] kind = ...");
      add_scenario_defs(*lr.packs, *defs->as_table(), here.string());
    }
    if (const toml::node* params = doc.get("params")) {
      if (!params->is_table()) throw std::runtime_error(at(*params) + ": params must be a table: [params] name = value");
      set_params(*lr.packs, *params->as_table());
    }
    engine = std::make_unique<Engine>(std::move(lr.packs));
    run.engine = engine.get();
    engine->record_events(&run.events);
    engine->force_chance(&chance);
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
        for (auto&& [ck, cv] : *v.as_table()) run.state.set_counter(seat, ck.str(), to_value(cv));
      }
    }
    if (const toml::table* vars = doc["vars"].as_table())
      for (auto&& [k, v] : *vars) run.state.set_var(k.str(), to_value(v));

    // [start]: a place in the flow to start at, and the starting seat.
    std::vector<FlowPlace> start_path;
    std::vector<const toml::node*> start_nodes;  // where each place is written
    const toml::table* start = doc["start"].as_table();
    if (doc.get("start") && !start) throw std::runtime_error(at(*doc.get("start")) + ": start must be a table: [start] at = [...]");
    if (start) {
      only_keys(*start, {"at", "iteration", "seat", "start_seat"}, "start.");
      want(*start, "at", toml::node_type::array, "a list of flow node ids from the root", "start.");
      for (const char* k : {"iteration", "seat"}) want(*start, k, toml::node_type::table, "a table of flow node ids", "start.");
      want(*start, "start_seat", toml::node_type::integer, "an integer", "start.");
      if (start->contains("start_seat"))
        run.state.start_seat = seat_number(*start->get("start_seat"), "start.start_seat", run.state.seats.size());
      if (const toml::array* a = (*start)["at"].as_array()) {
        if (a->empty()) throw std::runtime_error(at(*a) + ": start.at names no flow node");
        for (const auto& x : *a) {
          if (!x.is_string()) throw std::runtime_error(at(x) + ": start.at lists flow node ids (strings)");
          start_path.push_back(FlowPlace{*x.value<std::string>()});
          start_nodes.push_back(&x);
        }
      }
      for (const char* part : {"iteration", "seat"}) {
        const toml::table* t = (*start)[part].as_table();
        if (!t) continue;
        for (auto&& [k, v] : *t) {
          const std::string key = std::string("start.") + part + "." + std::string(k.str());
          const std::string_view node = k.str();  // clang 14 cannot capture a structured binding
          auto it = std::find_if(start_path.begin(), start_path.end(), [&](const FlowPlace& p) { return p.node == node; });
          if (it == start_path.end()) throw std::runtime_error(at(v) + ": " + key + ": '" + std::string(k.str()) + "' is not on the path start.at");
          if (!v.is_integer()) throw std::runtime_error(at(v) + ": " + key + " must be an integer");
          if (part[0] == 's') {
            it->seat = seat_number(v, key, run.state.seats.size());
          } else {
            const int64_t i = *v.value<int64_t>();
            if (i < 1 || i > INT32_MAX) throw std::runtime_error(at(v) + ": " + key + ": " + std::to_string(i) + " is no iteration (from 1)");
            it->iteration = static_cast<int>(i);
          }
        }
      }
    }

    // A step's run_until: the flow node to pause at, and when.
    auto pause_target = [&](const toml::table& t, FlowEdge& edge) {
      want(t, "run_until", toml::node_type::string, "a string", "step.");
      want(t, "when", toml::node_type::string, "a string", "step.");
      const std::string node = *t["run_until"].value<std::string>();
      const int index = engine->node_index(node);
      if (index < 0) throw std::runtime_error(at(*t.get("run_until")) + ": step.run_until: no flow node '" + node + "'");
      const std::string when = t["when"].value<std::string>().value_or("entered");
      if (when != "entered" && when != "finished")
        throw std::runtime_error(at(*t.get("when")) + ": step.when: \"entered\" or \"finished\", not \"" + when + "\"");
      edge = when == "entered" ? FlowEdge::Entered : FlowEdge::Finished;
      return index;
    };
    // A step's `chance`, `random` and `shuffle`: chance forced for what runs next.
    auto force = [&](const toml::table& t, const std::string& where) {
      if (const toml::node* x = t.get("chance")) {
        const toml::table* c = x->as_table();
        if (!c || c->empty())
          throw std::runtime_error(at(*x) + ": step.chance maps chance events to outcomes, e.g. chance = { die = [6, 1] }");
        for (const auto& [name, node] : *c) {
          std::vector<Value> outcomes;
          auto one = [&](const toml::node& v) {
            if (!v.is_integer() && !v.is_string())
              throw std::runtime_error(at(v) + ": step.chance." + std::string(name.str()) +
                                       ": an outcome is an integer or a string (an entity's alias or definition id)");
            outcomes.push_back(to_value(v));
          };
          if (const toml::array* a = node.as_array()) {
            if (a->empty()) throw std::runtime_error(at(node) + ": step.chance." + std::string(name.str()) + " lists no outcome");
            for (const auto& v : *a) one(v);
          } else {
            one(node);
          }
          chance.add_chance(std::string(name.str()), outcomes, where);
        }
      }
      if (const toml::node* x = t.get("random")) {
        const toml::array* a = x->as_array();
        if (!a || a->empty()) throw std::runtime_error(at(*x) + ": step.random lists the draws to force, e.g. random = [6, 1]");
        std::vector<int64_t> values;
        for (const auto& v : *a) {
          if (!v.is_integer()) throw std::runtime_error(at(v) + ": step.random lists integers (what tabula.random returns, from 1)");
          values.push_back(*v.value<int64_t>());
        }
        chance.add_random(values, where);
      }
      if (const toml::node* x = t.get("shuffle")) {
        const toml::table* sh = x->as_table();
        if (!sh) throw std::runtime_error(at(*x) + ": step.shuffle must be a table: { zone = \"deck\", order = [...] }");
        only_keys(*sh, {"zone", "order"}, "step.shuffle.");
        const auto zone = (*sh)["zone"].value<std::string>();
        const toml::array* order = (*sh)["order"].as_array();
        if (!zone || !order) throw std::runtime_error(at(*x) + ": step.shuffle needs zone (a string) and order (a list of names)");
        std::string why;
        const int z = run.zone_from(*zone, why);
        if (z < 0) throw std::runtime_error(at(*sh->get("zone")) + ": step.shuffle.zone: " + why);
        std::vector<std::string> names;
        for (const auto& o : *order) {
          if (!o.is_string()) throw std::runtime_error(at(o) + ": step.shuffle.order lists aliases or definition ids");
          names.push_back(*o.value<std::string>());
        }
        chance.add_shuffle(z, std::move(names), where);
      }
    };
    auto chance_only = [](const toml::table& t) {
      return (t.contains("chance") || t.contains("random") || t.contains("shuffle")) && !t.contains("choose") &&
             !t.contains("run_until");
    };
    // Steps that only force chance, at the head of the file, force it for
    // the start; then a step that only runs until a node pauses the start.
    const toml::array* steps = doc["step"].as_array();
    size_t head = 0;  // the steps whose chance the start takes
    for (; steps && head < steps->size(); ++head) {
      const toml::table* t = (*steps)[head].as_table();
      if (!t || !chance_only(*t)) break;
      force(*t, "step " + std::to_string(head + 1) + " (" + at(*t) + ")");
    }
    const toml::table* first = steps && head < steps->size() ? (*steps)[head].as_table() : nullptr;
    const bool pause_start = first && first->contains("run_until") && !first->contains("choose");
    if (pause_start) {
      FlowEdge edge;
      const int node = pause_target(*first, edge);
      engine->pause_at(node, edge);
    }

    if (start_path.empty()) {
      engine->start(run.state);
    } else {
      try {
        engine->start_at(run.state, start_path);
      } catch (const FlowPathError& e) {
        const toml::node* where = start_nodes[e.index];
        std::string key = "start.at";
        const char* part = e.part == FlowPathError::Part::Iteration ? "iteration" : e.part == FlowPathError::Part::Seat ? "seat" : nullptr;
        if (const toml::table* t = part ? (*start)[part].as_table() : nullptr)
          if (const toml::node* x = t->get(start_path[e.index].node)) where = x, key = std::string("start.") + part + "." + start_path[e.index].node;
        throw std::runtime_error(at(*where) + ": " + key + ": " + e.what());
      }
    }
    run.take_journal();

    int n = 0;
    if (steps) {
      for (const auto& st : *steps) {
        ++n;
        if (!st.is_table()) throw std::runtime_error(at(st) + ": each [[step]] entry must be a table");
        const toml::table& t = *st.as_table();
        only_keys(t, {"seat", "ask", "choose", "options", "run_until", "when", "chance", "random", "shuffle", "expect", "expect_error", "note"},
                  "step.");
        want(t, "seat", toml::node_type::integer, "an integer", "step.");
        for (const char* k : {"ask", "expect_error", "note"}) want(t, k, toml::node_type::string, "a string", "step.");
        want(t, "options", toml::node_type::array, "an array", "step.");
        want(t, "expect", toml::node_type::table, "a table", "step.");
        std::string where = "step " + std::to_string(n) + " (" + at(st) + ")";
        std::optional<std::string> choice = t["choose"].value<std::string>();
        if (const toml::array* set = t["choose"].as_array()) choice = set_choice(*set);
        const bool until = t.contains("run_until");
        if (!until && t.contains("when")) throw std::runtime_error(at(*t.get("when")) + ": step.when goes with step.run_until");
        if (until && t.contains("expect_error"))
          throw std::runtime_error(at(st) + ": a step with run_until cannot also expect_error");
        FlowEdge edge = FlowEdge::Entered;
        const int stop = until ? pause_target(t, edge) : -1;
        const bool armed_at_start = pause_start && static_cast<size_t>(n) == head + 1;  // the start ran with the pause set
        if (static_cast<size_t>(n) > head) force(t, where);
        const size_t events_before = run.events.size();
        if (choice && run.paused) {  // the choice is asked at the next decision: run on to it
          ApplyResult a = engine->resume(run.state);
          run.paused = false;
          if (!a.ok) {
            run.fail("step " + std::to_string(n) + " (" + at(st) + "): running on to the decision: " + a.error);
            break;
          }
          run.take_journal();
        }
        if (until && !armed_at_start) engine->pause_at(stop, edge);
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
              const std::string prompt = engine->prompt(run.state, *d, "en", Engine::kAllSeeing);
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
          if (a.ok) run.take_journal();
          else run.events.resize(events_before);
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
        if (until && !choice && !armed_at_start) {
          if (!run.paused && !run.state.pending.empty()) {
            const Decision& d = run.state.pending.front();
            run.fail(where + ": run_until: seat " + std::to_string(d.seat + 1) + " must first answer \"" +
                     engine->prompt(run.state, d, "en", Engine::kAllSeeing) + "\" (give the step a choose)");
            engine->pause_at(-1);
            break;
          }
          ApplyResult a = engine->resume(run.state);
          if (a.ok) run.take_journal();
          else run.events.resize(events_before);
          if (!a.ok) {
            run.fail(where + ": " + a.error);
            engine->pause_at(-1);
            break;
          }
        }
        if (until) {
          run.paused = engine->paused();
          engine->pause_at(-1);
          if (!run.paused) {
            std::string instead = run.state.over ? "the game ended" : "no decision is open";
            if (!run.state.pending.empty())
              instead = "seat " + std::to_string(run.state.pending.front().seat + 1) + " was asked \"" +
                        engine->prompt(run.state, run.state.pending.front(), "en", Engine::kAllSeeing) + "\"";
            run.fail(where + ": run_until: the flow never " + t["when"].value<std::string>().value_or("entered") + " '" +
                     *t["run_until"].value<std::string>() + "'; before that " + instead);
            break;
          }
        } else if (choice) {
          run.paused = false;
        }
        if (const toml::table* e = t["expect"].as_table()) run.check(*e, where);
        // A step that only forces chance and checks nothing leaves what was
        // logged and emitted to the next step's expect.
        if (!chance_only(t) || t.contains("expect")) {
          run.log_mark = run.lines.size();
          run.event_mark = run.events.size();
        }
        r.steps = n;
      }
    }
    if (run.state.over && !run.state.result_text.empty())
      r.journal.push_back(engine->render(run.state, run.state.result_text, "en", Engine::kAllSeeing));
    run.final_check = true;
    if (const toml::table* e = doc["expect"].as_table()) run.check(*e, "final [expect] (" + at(*e) + ")");
    if (const std::string left = chance.unused(); !left.empty() && r.ok) run.fail(path + ": " + left);
    if (r.checks == 0)
      run.fail(path + ": the scenario checks nothing; give an [expect] table, a step's expect, options or expect_error");
    if (finish == "over" && !run.state.over) {
      std::string open;
      for (const auto& d : run.state.pending)
        open += " seat " + std::to_string(d.seat + 1) + ": \"" + engine->prompt(run.state, d, "en", Engine::kAllSeeing) + "\"";
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
