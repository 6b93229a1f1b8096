// Reading the flow tree ([flow] and its nodes), and the checks once every
// layer is merged: references (flow, setups, listen_in, combat), cycles in
// the flow, and the functions the manifests name.
#include "core/pack/toml_reader.h"

#include <algorithm>

#include "core/state/suggest.h"

namespace tabula::pack_toml {

// [flow]: root = "..." and the nodes; a layer that redefines a node states
// its body anew.
void Loader::read_flow(const LayerFile& layer, const toml::table& flow) {
  bool first_node = true;
  for (auto&& [k, v] : flow) {
    std::string id(k.str());
    if (id == "root") {
      if (!v.is_string()) wrong_type(v, "flow.root", "a string");
      else out.flow_root = *v.value<std::string>();
      touch(layer, "flow.root", pos_of(v.source()));
      continue;
    }
    if (!good_id(id, k, "flow." + id)) continue;
    if (!v.is_table()) {
      wrong_type(v, "flow." + id, "a table (a flow node) or root = \"...\"");
      continue;
    }
    if (first_node) flow_pos_ = pos_of(k.source());
    first_node = false;
    FlowNode& n = out.flow[id];
    bool fresh = n.id.empty();
    n.id = id;
    if (fresh) {
      n.pos = pos_of(k.source());
      declared_by_[id] = layer.info.id;
    } else {
      // A layer that redefines a node states its body anew.
      n.steps.clear();
      n.hook.clear();
      n.combat = false;
      n.stages.clear();
    }
    Table t(*this, *v.as_table(), "flow." + id, KeyTable::FlowNode);
    read_flow_node(layer, t, n);
    touch(layer, "flow." + id, pos_of(k.source()));
  }
}

void Loader::read_flow_node(const LayerFile& layer, Table& t, FlowNode& n) {
  if (auto s = t.str("script")) {
    const toml::node* at = t.raw().get("script");
    n.script = script_key(layer, *s, *at, t.key("script"));
  }
  if (auto v = t.strings("steps")) {
    n.steps = *v;
    auto& where = step_pos_[n.id];
    where.clear();
    for (const auto& x : *t.raw().get("steps")->as_array())
      if (x.is_string()) where.push_back(pos_of(x.source()));
  }
  // Where each function name is written, for check's messages.
  auto fn = [&](const char* k, std::string& into) {
    if (auto v = t.str(k)) {
      into = *v;
      fn_pos_["flow." + n.id + "." + k] = pos_of(t.raw().get(k)->source());
    }
  };
  fn("hook", n.hook);
  if (auto v = t.boolean("combat")) n.combat = *v;
  if (auto v = t.boolean("fight")) n.fight = *v;
  if (auto v = t.strings("stages")) {
    n.stages = *v;
    const toml::array& a = *t.raw().get("stages")->as_array();
    for (size_t i = 0; i < a.size(); ++i)
      fn_pos_["flow." + n.id + ".stages[" + std::to_string(i) + "]"] = pos_of(a.get(i)->source());
  }
  if (auto v = t.integer("repeat")) {
    if (*v < 0) error(*t.raw().get("repeat"), t.key("repeat"), "repeat must be >= 0 (0 = until `until` says stop)");
    n.repeat = static_cast<int>(std::min<int64_t>(*v, INT32_MAX));
    repeat_pos_[n.id] = pos_of(t.raw().get("repeat")->source());
  }
  if (auto v = t.str("counter")) n.counter = *v;
  fn("until", n.until);
  fn("skip_if", n.skip_if);
  fn("begin", n.begin);
  fn("finish", n.finish);
  if (const toml::node* v = t.node("each_seat")) {
    if (v->is_boolean()) {
      n.each_seat = *v->value<bool>();
      n.seat_group.clear();
    } else if (v->is_string()) {
      n.each_seat = true;
      n.seat_group = *v->value<std::string>();
      group_pos_[n.id] = pos_of(v->source());
    } else {
      wrong_type(*v, t.key("each_seat"), "true, false or the name of a seat group");
    }
  }
  if (const toml::node* v = t.node("args")) {
    if (!v->is_table()) wrong_type(*v, t.key("args"), "a table");
    else if (auto x = to_value(*this, *v, t.key("args"))) n.args = std::move(*x);
  }
  if (auto v = t.integer("rotate_start")) {
    // A pass of more seats than any game has is a mistake, and bounding it
    // keeps the seat arithmetic of the flow far from overflow.
    if (*v < -1000 || *v > 1000) error(*t.raw().get("rotate_start"), t.key("rotate_start"), "must be between -1000 and 1000 (seats to pass the start on by)");
    else n.rotate_start = static_cast<int>(*v);
  }
  if (const toml::table* ins = t.table("insert")) {
    // A step this node adds to another node's steps, spliced once every
    // layer is merged (pack_layers.h).
    Table it(*this, *ins, t.key("insert"), KeyTable::FlowInsert);
    StepInsert si;
    si.node = n.id;
    si.into = it.str("into").value_or("");
    auto after = it.str("after");
    auto before = it.str("before");
    it.finish();
    si.before = before.has_value();
    si.anchor = before.value_or(after.value_or(""));
    si.layer = static_cast<int>(out.layers.size()) - 1;
    si.pos = it.pos();
    if (after.has_value() == before.has_value())
      error(si.pos, t.key("insert"), "give exactly one of after = \"step\" or before = \"step\"");
    else if (!si.into.empty()) {
      std::erase_if(inserts_, [&](const StepInsert& x) { return x.node == n.id; });
      inserts_.push_back(std::move(si));
    }
  }
  t.finish();
  n.layer = layer.info.id;
  int bodies = (!n.steps.empty()) + (!n.hook.empty()) + n.combat + (!n.stages.empty());
  if (bodies != 1) error(t.pos(), t.path(), "a flow node needs exactly one of: steps, hook, stages, combat = true");
}

// Every function the manifests name, with where, for the engine to check
// once the scripts are loaded (function_check.cpp).
void Loader::name_functions() {
  for (const auto& [id, n] : out.flow) {
    if (n.script.empty()) continue;
    for (const auto& [key, name] : {std::pair<const char*, const std::string&>{"hook", n.hook}, {"begin", n.begin},
                                    {"finish", n.finish}, {"until", n.until}, {"skip_if", n.skip_if}}) {
      if (name.empty()) continue;
      const std::string path = "flow." + id + "." + key;
      auto at = fn_pos_.find(path);
      out.named_functions.push_back({n.script, name, path, at != fn_pos_.end() ? at->second : n.pos});
    }
    for (size_t i = 0; i < n.stages.size(); ++i) {
      const std::string path = "flow." + id + ".stages[" + std::to_string(i) + "]";
      auto at = fn_pos_.find(path);
      out.named_functions.push_back({n.script, n.stages[i], path, at != fn_pos_.end() ? at->second : n.pos});
    }
  }
  // A kind's script contract: every entry of the kind has a script with
  // each required function (checked once the scripts load).
  for (const auto& [id, e] : out.entities) {
    auto kd = out.kinds.find(e.kind);
    if (kd == out.kinds.end() || kd->second.required_functions.empty()) continue;
    const std::string key = "entity." + id + ".script";
    if (e.script.empty()) {
      std::string list;
      for (const auto& f : kd->second.required_functions) list += (list.empty() ? "" : ", ") + f;
      error(e.pos, key, "kind '" + e.kind + "' requires a script with " + list + " (kinds." + e.kind + ".requires)");
      continue;
    }
    for (const auto& f : kd->second.required_functions) out.named_functions.push_back({e.script, f, key, e.pos});
  }
  if (out.combat.declared && !out.combat.script.empty())
    for (size_t i = 0; i < out.combat.stages.size(); ++i)
      out.named_functions.push_back({out.combat.script, out.combat.stages[i], "combat.stages[" + std::to_string(i) + "]",
                                     i < stage_pos_.size() ? stage_pos_[i] : combat_pos_});
}

void Loader::check_references() {
  check_graphs();
  check_fight_kinds();
  auto node_pos = [](const FlowNode& n) { return n.pos; };
  // Where the value that counts was written (the last layer that set it).
  auto at = [&](const std::string& what, const SourcePos& fallback) {
    auto it = touched_.find(what);
    return it != touched_.end() ? it->second.second : fallback;
  };
  auto zone_names = [&] {
    std::vector<std::string> names;
    for (const auto& z : out.zones) names.push_back(z.id);
    return names;
  };
  const SourcePos top{out.layers.empty() ? std::string() : (fs::path(out.layers.back().dir) / "pack.toml").string()};
  for (size_t i = 0; i < out.owned_zones.size(); ++i)
    if (std::none_of(out.zones.begin(), out.zones.end(), [&](const ZoneDef& z) { return z.id == out.owned_zones[i]; }))
      error(out.owned_zones_pos[i], "pack.owned_zones", "no zone '" + escape_id(out.owned_zones[i]) + "'" + suggestion(out.owned_zones[i], zone_names()));
  if (out.flow_root.empty() && !out.flow.empty())
    error(flow_pos_.line > 0 ? flow_pos_ : top, "flow.root", "the flow needs a root node: add root = \"...\" to [flow]");
  else if (!out.flow.empty() && !out.flow.count(out.flow_root))
    error(at("flow.root", top), "flow.root", "root node '" + out.flow_root + "' is not defined");
  for (auto& [id, n] : out.flow) {
    if (n.script.empty()) n.script = rules_for(declared_by_[id]);
    if (n.script.empty() && !bad_rules_.count(declared_by_[id]) &&
        (!n.hook.empty() || !n.begin.empty() || !n.finish.empty() || !n.until.empty() || !n.skip_if.empty()))
      error(node_pos(n), "flow." + id, "names hooks but neither the node nor [pack] gives a script (rules = ...)");
    for (size_t i = 0; i < n.steps.size(); ++i) {
      if (out.flow.count(n.steps[i])) continue;
      const auto& where = step_pos_[id];
      std::vector<std::string> names;
      for (const auto& [nid, _] : out.flow) names.push_back(nid);
      error(i < where.size() ? where[i] : node_pos(n), "flow." + id + ".steps[" + std::to_string(i) + "]",
            "step '" + n.steps[i] + "' is not a flow node" + suggestion(n.steps[i], names));
    }
    if (n.combat && !out.combat.declared) error(node_pos(n), "flow." + id, "combat = true needs a [combat] table");
    if (n.repeat == 0 && n.until.empty()) {
      auto rp = repeat_pos_.find(id);
      error(rp != repeat_pos_.end() ? rp->second : node_pos(n), "flow." + id + ".repeat",
            "repeat = 0 repeats until the `until` hook says stop, but the node has no until: it would never end");
    }
  }
  check_flow_cycles();
  check_seat_groups();
  for (const auto& [id, seats] : setup_seats_)
    if (seats.first != 0 && (seats.first < out.seats.min || seats.first > out.seats.max))
      error(seats.second, "setups." + id + ".seats",
            std::to_string(seats.first) + " is outside the pack's " + std::to_string(out.seats.min) + ".." +
                std::to_string(out.seats.max) + " seats (0 or none: the pack's default)");
  for (const auto& [id, k] : out.kinds) check_listen(k.listen, "kinds." + id + ".listen_in");
  for (const auto& [id, e] : out.entities) check_listen(e.listen, id + ".listen_in");
  if (out.combat.declared) {
    if (out.combat.script.empty()) error(combat_pos_, "combat.script", "missing: the module with the stage hooks");
    if (out.combat.stages.empty()) error(combat_pos_, "combat.stages", "missing: the stage hooks in order");
    // Both zones the fight uses belong to a seat.
    auto seat_zone = [&](const std::string& key, const std::string& id) {
      const ZoneDef* z = out.zone(id);
      const SourcePos pos = at(key, combat_pos_);
      if (!z) error(pos, key, "zone '" + id + "' is not declared" + suggestion(id, zone_names()));
      else if (!z->per_seat) error(pos, key, "must be a per-seat zone");
    };
    seat_zone("combat.defenders", out.combat.defenders);
    if (!out.combat.knocked_out_to.empty()) seat_zone("combat.knocked_out_to", out.combat.knocked_out_to);
  }
}

// No flow node contains itself, directly or through the steps of others
// (inserted steps included): running it would never end. Each cycle is
// reported once, at the step that closes it.
void Loader::check_flow_cycles() {
  // Depth first with an explicit stack: a chain of a million nodes must not
  // overflow the C++ stack.
  std::map<std::string, int> state;  // 1: on the current path, 2: done
  struct Frame {
    const std::string* id;
    size_t next = 0;  // the step to look at next
  };
  std::vector<Frame> path;
  for (const auto& [root, _] : out.flow) {
    if (state[root] != 0) continue;
    state[root] = 1;
    path.push_back({&root});
    while (!path.empty()) {
      Frame& f = path.back();
      const FlowNode& n = out.flow.at(*f.id);
      if (f.next == n.steps.size()) {
        state[*f.id] = 2;
        path.pop_back();
        continue;
      }
      const size_t i = f.next++;
      auto to = out.flow.find(n.steps[i]);
      if (to == out.flow.end()) continue;  // reported above
      if (state[to->first] == 1) {
        std::string cycle;
        auto on = std::find_if(path.begin(), path.end(), [&](const Frame& p) { return *p.id == to->first; });
        for (; on != path.end(); ++on) cycle += *on->id + " -> ";
        const auto& where = step_pos_[*f.id];
        error(i < where.size() ? where[i] : n.pos, "flow." + *f.id + ".steps[" + std::to_string(i) + "]",
              "flow node '" + to->first + "' contains itself: " + cycle + to->first);
      } else if (state[to->first] == 0) {
        state[to->first] = 1;
        path.push_back({&to->first});
      }
    }
  }
}

}  // namespace tabula::pack_toml
