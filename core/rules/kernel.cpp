#include "core/rules/kernel.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>

#include "core/lua/function_check.h"
#include "core/lua/lua_host.h"
#include "core/pack/text.h"
#include "core/rules/subset.h"
#include "core/state/kernel_error.h"

namespace tabula {

// The message may quote any bytes a script gave (error("\xff"), a name it
// passed): bytes that are not UTF-8 are written as \xNN, so that the error
// is text wherever it goes (a terminal, a JSON report).
ScriptError::ScriptError(std::string pack_, std::string where_, std::string entity_, std::string hook_,
                         std::string message_)
    : std::runtime_error(utf8_text("script error" + (pack_.empty() ? std::string() : " in pack " + pack_) +
                                   (where_.empty() ? std::string() : " at " + where_) +
                                   (entity_.empty() ? std::string() : ", entity " + entity_) +
                                   (hook_.empty() ? std::string() : ", hook " + hook_) + ": " + message_)),
      pack(std::move(pack_)),
      where(utf8_text(where_)),
      entity(std::move(entity_)),
      hook(std::move(hook_)),
      message(utf8_text(message_)) {}

namespace {
// Marks a stretch in which scripts may only answer (queries, modifiers):
// scheduling, deciding and starting nodes are refused.
class QueryMode {
 public:
  explicit QueryMode(bool& flag) : flag_(flag), saved_(flag) { flag_ = true; }
  ~QueryMode() { flag_ = saved_; }
  QueryMode(const QueryMode&) = delete;
  QueryMode& operator=(const QueryMode&) = delete;

 private:
  bool& flag_;
  bool saved_;
};

const std::vector<EntityId> kNoEntities;

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
}  // namespace

// One choice (or a game's start): the mode it runs in and the host's limits
// around it.
struct Kernel::Transaction {
  Transaction(Kernel& e, Mode mode, const State& s) : e_(e), saved_(e.mode_) {
    e.mode_ = mode;
    e.host_->begin_transaction(&s);
  }
  ~Transaction() {
    e_.host_->end_transaction();
    e_.mode_ = saved_;
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

 private:
  Kernel& e_;
  Mode saved_;
};

Kernel::Kernel(std::unique_ptr<PackSet> packs, Limits limits) : packs_(std::move(packs)), graphs_(*packs_) {
  for (const auto& [id, node] : packs_->flow) {
    node_ids_.push_back(id);
    nodes_.push_back(&node);
  }
  // Which zone each graph node is (zones = true), for tabula.placed.
  std::map<std::string_view, int32_t> zone_ids;
  for (size_t i = 0; i < packs_->zones.size(); ++i) zone_ids.emplace(packs_->zones[i].id, static_cast<int32_t>(i));
  node_zone_defs_.assign(graphs_.node_count(), -1);
  for (size_t n = 0; n < graphs_.node_count(); ++n) {
    auto it = zone_ids.find(graphs_.node_name(static_cast<int32_t>(n)));
    if (it != zone_ids.end() && !packs_->zones[it->second].per_seat) node_zone_defs_[n] = it->second;
  }
  // Cached graph distances count against the memory cap (LuaHost::kernel_bytes).
  graphs_.set_cache_budget(limits.memory / 16);
  host_ = std::make_unique<LuaHost>(*this, *packs_, limits);
  host_->load_all();
  if (auto missing = missing_functions(*packs_, *host_); !missing.empty()) {
    std::string all;
    for (const auto& d : missing) all += (all.empty() ? "" : "\n") + d.to_string();
    ScriptError e(packs_->id(), "", "", "check", "functions the manifests name are missing:\n" + all);
    e.diagnostics = std::move(missing);
    throw e;
  }
  resolve_functions();
  resolve_fight_kinds();
}

Kernel::~Kernel() = default;

// Every function the flow and the combat pipeline name, and the listener
// index: which modules handle which events and modifiers. Rule modules (every
// module no entity definition names) come first, in module key order; entity
// handlers follow in entity id order (docs/architecture.md).
void Kernel::resolve_functions() {
  auto need = [&](const std::string& module, const std::string& name, const std::string& what, const SourcePos& pos,
                  const std::string& layer) -> int32_t {
    if (name.empty()) return -1;
    int32_t fn = function_id(module, name);
    if (fn < 0)
      throw ScriptError(layer, pos.to_string(), "", what,
                        "no function '" + name + "' in " + (module.empty() ? std::string("(no script)") : module));
    return fn;
  };
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const FlowNode& n = *nodes_[i];
    const std::string what = "flow " + n.id;
    NodeFns f;
    f.hook = need(n.script, n.hook, what, n.pos, n.layer);
    f.begin = need(n.script, n.begin, what + " begin", n.pos, n.layer);
    f.finish = need(n.script, n.finish, what + " finish", n.pos, n.layer);
    f.until = need(n.script, n.until, what + " until", n.pos, n.layer);
    f.skip_if = need(n.script, n.skip_if, what + " skip_if", n.pos, n.layer);
    if (!n.seat_group.empty()) f.group = packs_->seats.group(n.seat_group);  // the loader checked the name
    for (const auto& stage : n.stages) f.stages.push_back(need(n.script, stage, what + " stage " + stage, n.pos, n.layer));
    node_fns_.push_back(f);
  }
  for (const auto& stage : packs_->combat.stages)
    stage_fns_.push_back(need(packs_->combat.script, stage, "combat stage " + stage, SourcePos{}, packs_->combat.layer));
  const auto& score = packs_->score;
  score_fn_ = need(score.module, score.name, "pack.score", score.pos, score.layer);
  const auto& rounds = packs_->rounds;
  rounds_fn_ = need(rounds.module, rounds.name, "pack.rounds", rounds.pos, rounds.layer);
  const auto& det = packs_->determinize;
  determinize_fn_ = need(det.module, det.name, "pack.determinize", det.pos, det.layer);
  const auto& zones = packs_->zones;
  for (size_t z = 0; z < zones.size(); ++z) {
    const std::string& pool = zones[z].unseen_pool.empty() ? zones[z].id : zones[z].unseen_pool;
    int32_t first = static_cast<int32_t>(z);
    for (size_t y = 0; y < z; ++y)
      if ((zones[y].unseen_pool.empty() ? zones[y].id : zones[y].unseen_pool) == pool) {
        first = zone_pools_[y];
        break;
      }
    zone_pools_.push_back(first);
  }
  for (size_t z = 0; z < zones.size(); ++z) {
    bool by_seat = true;
    for (size_t y = 0; y < zones.size(); ++y)
      if (zone_pools_[y] == zone_pools_[z]) by_seat = by_seat && zones[y].per_seat;
    pool_by_seat_.push_back(by_seat ? 1 : 0);
  }
  std::map<std::string, int32_t> classes;
  for (const auto* d : packs_->defs) {
    std::string key = d->kind;
    if (const KindDef* kind = packs_->kind(d->kind))
      for (const auto& p : kind->back) key += '\n' + dict_get(d->props, p).to_string();
    def_classes_.push_back(classes.emplace(key, static_cast<int32_t>(classes.size())).first->second);
  }

  const size_t ndefs = packs_->defs.size();
  for (int32_t fn = 0; fn < host_->function_count(); ++fn) {
    const std::string& path = host_->function_path(fn);
    if (!starts_with(path, "on.") && !starts_with(path, "modify.") && !starts_with(path, "extend.")) continue;
    auto it = std::lower_bound(slots_.begin(), slots_.end(), path, [](const auto& e, const std::string& k) { return e.first < k; });
    if (it == slots_.end() || it->first != path) it = slots_.insert(it, {path, Listeners{{}, std::vector<int32_t>(ndefs, -1), false, Listeners::Scan::All, {}}});
    const std::string& module = host_->module_key(host_->function_module(fn));
    bool entity_module = false;
    for (const EntityDef* d : packs_->defs)
      if (d->script == module) {
        it->second.by_def[d->index] = fn;
        it->second.any_entity = entity_module = true;
      }
    if (!entity_module) it->second.rules.push_back(fn);
  }
  on_damaged_ = listeners("on.damaged");
  on_healed_ = listeners("on.healed");
  on_knocked_out_ = listeners("on.knocked_out");
  on_defeated_ = listeners("on.defeated");
  modify_damage_ = listeners("modify.damage");
  modify_heal_ = listeners("modify.heal");
  index_scopes();
}

const Kernel::Listeners* Kernel::listeners(std::string_view slot) const {
  auto it = std::lower_bound(slots_.begin(), slots_.end(), slot, [](const auto& e, std::string_view k) { return e.first < k; });
  return (it != slots_.end() && it->first == slot) ? &it->second : nullptr;
}

int Kernel::node_index(std::string_view id) const {
  auto it = std::lower_bound(node_ids_.begin(), node_ids_.end(), id);
  return (it != node_ids_.end() && *it == id) ? static_cast<int>(it - node_ids_.begin()) : -1;
}

int32_t Kernel::function_id(const std::string& module, std::string_view path) const {
  return host_->function_id(host_->module_index(module), path);
}

std::string Kernel::function_name(int32_t fn) const {
  if (fn < 0 || fn >= host_->function_count()) return "?";
  return host_->module_key(host_->function_module(fn)) + ":" + host_->function_path(fn);
}

State Kernel::blank_state(uint64_t seed, int seats, Dict options) const {
  State s;
  s.seed = seed;
  s.rng = Rng(seed);
  s.seats.resize(std::max(seats, 0));
  for (auto& seat : s.seats) seat.counters = packs_->seats.counters;
  s.zones.resize(packs_->zone_count(seats));
  for (size_t zd = 0; zd < packs_->zones.size(); ++zd) {
    const int copies = packs_->zones[zd].per_seat ? seats : 1;
    for (int i = 0; i < copies; ++i) {
      Zone& z = s.zones[packs_->zone_index(static_cast<int32_t>(zd), i, seats)];
      z.def = static_cast<int32_t>(zd);
      z.seat = packs_->zones[zd].per_seat ? i : -1;
    }
  }
  s.options = std::move(options);
  s.kept_bytes = s.count_kept_bytes();
  return s;
}

// A game begins and ends with the scripts as they were loaded: whatever a
// script kept between calls (in a module table or a local) would make the
// next game, a replay or a search playout differ from the log
// (docs/security.md, "Determinism").
void Kernel::check_script_state() {
  scripts_checked_ = false;
  const std::string change = host_->script_state_change();
  if (!change.empty())
    throw ScriptError(packs_->id(), "", "", "check",
                      "a script keeps state between calls: " + change +
                          "; keep it in the state instead (tabula.set_var, properties, zones)");
  scripts_checked_ = true;
}

void Kernel::start(State& s, Mode mode) {
  if (!scripts_checked_) check_script_state();  // else the last game ended with a check
  scripts_checked_ = false;
  Transaction t(*this, mode, s);
  int root = node_index(packs_->flow_root);
  if (root < 0) throw ScriptError(packs_->id(), "", "", "flow", "the flow has no root node '" + packs_->flow_root + "'");
  s.flow.clear();
  s.flow.push_back(FlowFrame{root});
  host_->queued(frame_bytes(s.flow.back()));
  run_started(s);
}

void Kernel::start_at(State& s, const std::vector<FlowPlace>& path, Mode mode) {
  if (!scripts_checked_) check_script_state();
  scripts_checked_ = false;
  push_path(s, path);  // core/rules/flow_start.cpp; a bad path throws before anything runs
  Transaction t(*this, mode, s);
  run_started(s);
}

// The first run of a game whose flow stack is set up.
void Kernel::run_started(State& s) {
  try {
    run(s);
  } catch (const KernelError& e) {
    throw ScriptError(packs_->id(), "", "", "flow", e.what());
  }
  if (s.over) check_script_state();
}

State Kernel::new_game(uint64_t seed, int seats, Dict options, Mode mode) {
  State s = blank_state(seed, seats, std::move(options));
  start(s, mode);
  return s;
}

// The most flow steps the kernel runs between two decisions (docs/packs.md,
// "Limits"): far more than any real game needs, so a flow that would spin
// forever ends in an error that names the node.
constexpr uint64_t kMaxFlowSteps = 1'000'000;

void Kernel::run(State& s) {
  uint64_t steps = 0;
  pause_hit_ = paused_ = false;
  while (s.pending.empty() && !s.over) {
    host_->check_time();
    if (!s.agenda.empty()) {
      Call c = std::move(s.agenda.back());
      s.agenda.pop_back();
      host_->dequeued(call_bytes(c));
      invoke(s, c, nullptr);
      continue;
    }
    if (pause_hit_) {  // pause_at's node was reached and its work is done
      pause_hit_ = false;
      paused_ = true;
      break;
    }
    if (s.flow.empty()) {
      s.over = true;
      break;
    }
    if (++steps > kMaxFlowSteps)
      throw KernelError("flow node '" + nodes_[s.flow.back().node]->id + "' ran more than " +
                        std::to_string(kMaxFlowSteps) + " flow steps without a decision (the limit)");
    advance_flow(s);
  }
}

ApplyResult Kernel::apply(State& s, int seat, std::string_view option_id, Mode mode) {
  if (s.over) return {false, "the game is over"};
  for (size_t d = 0; d < s.pending.size(); ++d) {
    if (s.pending[d].seat != seat) continue;
    if (s.pending[d].subset()) {
      std::vector<size_t> set;
      std::string why = parse_subset(s.pending[d], option_id, set);
      if (!why.empty()) return {false, why};
      return apply_at(s, d, 0, mode, &set);
    }
    const auto& opts = s.pending[d].options;
    for (size_t o = 0; o < opts.size(); ++o)
      if (opts[o].id == option_id) return apply_at(s, d, o, mode);
    std::string ids;
    for (const auto& o : opts) ids += (ids.empty() ? "" : ", ") + o.id;
    return {false, "'" + utf8_text(option_id) + "' is not a legal option here; legal: " + ids};
  }
  return apply_index(s, seat, SIZE_MAX, mode);
}

ApplyResult Kernel::apply_index(State& s, int seat, size_t option, Mode mode) {
  if (s.over) return {false, "the game is over"};
  for (size_t d = 0; d < s.pending.size(); ++d) {
    if (s.pending[d].seat != seat) continue;
    if (s.pending[d].subset())
      return {false, "seat " + std::to_string(seat + 1) + " is asked for a set of options: give the set (apply_subset, or ids joined by ',')"};
    if (option >= s.pending[d].options.size())
      return {false, "option " + std::to_string(option + 1) + " does not exist here (there are " +
                         std::to_string(s.pending[d].options.size()) + ")"};
    return apply_at(s, d, option, mode);
  }
  std::string who;
  for (const auto& d : s.pending) who += (who.empty() ? "" : ", ") + std::to_string(d.seat + 1);
  return {false, "seat " + std::to_string(seat + 1) + " has nothing to decide now" +
                     (who.empty() ? std::string() : " (waiting for seat " + who + ")")};
}

ApplyResult Kernel::apply_subset(State& s, int seat, const std::vector<size_t>& indices, Mode mode) {
  if (s.over) return {false, "the game is over"};
  for (size_t d = 0; d < s.pending.size(); ++d) {
    if (s.pending[d].seat != seat) continue;
    if (!s.pending[d].subset()) return {false, "seat " + std::to_string(seat + 1) + " is asked for one option, not a set"};
    std::vector<size_t> set = indices;
    std::string why = check_subset(s.pending[d], set);
    if (!why.empty()) return {false, why};
    return apply_at(s, d, 0, mode, &set);
  }
  return apply_index(s, seat, SIZE_MAX, mode);
}

ApplyResult Kernel::apply_at(State& s, size_t index, size_t option, Mode mode, const std::vector<size_t>* set) {
  if (mode == Mode::Play) backup_ = s;  // copy-assignment reuses the backup's memory
  try {
    Transaction t(*this, mode, s);
    Decision d = std::move(s.pending[index]);
    if (index + 1 == s.pending.size()) s.pending.pop_back();
    else s.pending.erase(s.pending.begin() + static_cast<std::ptrdiff_t>(index));
    s.journal.clear();
    ++s.choices_applied;
    // The other open decisions that ask to be refreshed once this choice has run.
    std::vector<int> stale;  // allocates only when a decision declares refresh
    for (const auto& o : s.pending)
      if (o.refresh >= 0) stale.push_back(o.seat);
    std::sort(stale.begin(), stale.end());
    const size_t floor = s.agenda.size();
    if (set) {
      std::vector<const Option*> picks;
      for (size_t i : *set) picks.push_back(&d.options[i]);
      invoke(s, d.then, nullptr, &picks);
    } else if (const Option& chosen = d.options[option]; chosen.on_choice < 0) {
      invoke(s, d.then, &chosen);
    } else {  // the option's own continuation replaces the decision's
      Call own = d.then;
      own.fn = chosen.on_choice;
      invoke(s, own, &chosen);
    }
    drain(s, floor);
    if (!stale.empty()) {
      for (int seat : stale) refresh(s, seat);
      flush_scheduled(s);  // the on_withdraw calls of decisions refresh withdrew
      drain(s, floor);
    }
    run_on(s);
  } catch (const std::exception& e) {
    return roll_back(s, mode, e);
  }
  return {};
}

// Runs the flow to the next decision or the end; a game that ends is
// checked for state its scripts kept.
void Kernel::run_on(State& s) {
  run(s);
  if (s.over) check_script_state();
}

// A choice (or a resume) failed: nothing it scheduled runs, and in play the
// state is as it was before.
ApplyResult Kernel::roll_back(State& s, Mode mode, const std::exception& e) {
  scheduled_.clear();
  if (mode == Mode::Play) s = backup_;
  return {false, utf8_text(e.what())};  // a kernel error may quote a script's bytes too
}

void Kernel::pause_at(int node, FlowEdge edge) {
  pause_node_ = node;
  pause_edge_ = edge;
  pause_hit_ = paused_ = false;
}

ApplyResult Kernel::resume(State& s, Mode mode) {
  if (s.over) return {false, "the game is over"};
  if (!s.pending.empty()) return {false, "a decision is open: the game goes on by a choice"};
  if (mode == Mode::Play) backup_ = s;
  try {
    Transaction t(*this, mode, s);
    s.journal.clear();
    run_on(s);
  } catch (const std::exception& e) {
    return roll_back(s, mode, e);
  }
  return {};
}

// First finish what a choice set in motion; while other seats still have
// choices open, that is all that may run, and a decision it opens stops it.
void Kernel::drain(State& s, size_t floor) {
  const uint64_t opened = opened_;
  while (s.agenda.size() > floor && opened_ == opened && !s.over) {
    host_->check_time();
    Call c = std::move(s.agenda.back());
    s.agenda.pop_back();
    host_->dequeued(call_bytes(c));
    invoke(s, c, nullptr);
  }
}

void Kernel::invoke(State& s, const Call& c, const Option* choice, const std::vector<const Option*>* set) {
  std::vector<Call> outer;
  outer.swap(scheduled_);
  try {
    host_->call(s, c, choice, set);
  } catch (...) {
    scheduled_.swap(outer);
    throw;
  }
  flush_scheduled(s);
  scheduled_.swap(outer);
}

void Kernel::flush_scheduled(State& s) {
  for (auto it = scheduled_.rbegin(); it != scheduled_.rend(); ++it) s.agenda.push_back(std::move(*it));
  scheduled_.clear();
}

bool Kernel::query(State& s, int32_t fn, CallKind kind, int32_t detail, const Value* args) {
  QueryMode guard(query_mode_);
  Call c;
  c.fn = fn;
  c.kind = kind;
  c.detail = detail;
  if (args && !args->is_nil()) c.args = *args;
  return host_->call(s, c, nullptr).truthy;
}

// A pack function called as a query with ctx.args.seat (from 1).
static Call seat_query(int32_t fn, int seat) {
  Call c;
  c.fn = fn;
  c.kind = CallKind::Called;
  c.args = Value::dict();
  c.args.set("seat", Value(static_cast<int64_t>(seat + 1)));
  return c;
}

int64_t Kernel::rate(State& s, int seat, int32_t fn) {
  if (fn < 0) fn = score_fn_;
  QueryMode guard(query_mode_);
  LuaHost::Result r = host_->call(s, seat_query(fn, seat), nullptr);
  if (!r.is_int) {
    const bool pack = fn == score_fn_;
    throw ScriptError(pack ? packs_->score.layer : packs_->id(), pack ? packs_->score.pos.to_string() : "", "",
                      pack ? "pack.score" : "rating " + function_name(fn),
                      (pack ? packs_->score.name : function_name(fn)) +
                          " must return an integer (how good the position is for ctx.args.seat)");
  }
  return r.integer;
}

void Kernel::rank(State& s, int seat, int32_t fn, const Decision& d, std::vector<int64_t>& out) {
  QueryMode guard(query_mode_);
  Call c = seat_query(fn, seat);
  List options;
  options.reserve(d.options.size());
  for (const auto& o : d.options) {
    Value opt = Value::dict();
    opt.set("id", o.int_id ? Value(static_cast<int64_t>(std::strtoll(o.id.c_str(), nullptr, 10))) : Value(o.id));
    if (o.entity != kNoEntity) opt.set("entity", Value(static_cast<int64_t>(o.entity)));
    options.push_back(std::move(opt));
  }
  c.args.set("options", Value::list(std::move(options)));
  const Value r = host_->call_result(s, c);
  const size_t n = d.options.size();
  out.clear();
  if (r.is_list() && r.items().size() == n)
    for (const auto& v : r.items())
      if (v.is_int()) out.push_back(v.as_int());
  if (out.size() != n)
    throw ScriptError(packs_->id(), "", "", "policy " + function_name(fn),
                      function_name(fn) + " must return a list of " + std::to_string(n) +
                          " integers, one per option of ctx.args.options (higher is better)");
}

void Kernel::determinize_hook(State& s, int seat) {
  QueryMode guard(query_mode_);
  host_->call(s, seat_query(determinize_fn_, seat), nullptr);
}

int Kernel::current_seat(const State& s) const {
  for (auto it = s.flow.rbegin(); it != s.flow.rend(); ++it) {
    if (nodes_[it->node]->each_seat && it->started && !s.seats.empty())
      return loop_seat(*it, static_cast<int>(s.seats.size()));
  }
  return -1;
}

std::string Kernel::call_label(const Call& c) const {
  const std::string path = c.fn >= 0 && c.fn < host_->function_count() ? host_->function_path(c.fn) : "?";
  auto node = [&] { return c.detail >= 0 && c.detail < static_cast<int>(node_ids_.size()) ? node_ids_[c.detail] : "?"; };
  auto after_dot = [&] { return path.substr(path.find('.') + 1); };
  switch (c.kind) {
    case CallKind::Flow: return "flow " + node();
    case CallKind::Until: return "flow " + node() + " until";
    case CallKind::SkipIf: return "flow " + node() + " skip_if";
    case CallKind::Begin: return "flow " + node() + " begin";
    case CallKind::Finish: return "flow " + node() + " finish";
    case CallKind::Stage: return "combat stage " + path;
    case CallKind::Choice: return "choice";
    case CallKind::Scheduled: return "scheduled " + path;
    case CallKind::Called: return "call " + path;
    case CallKind::Event: return "event " + after_dot();
    case CallKind::Modifier: return "modifier " + after_dot();
    case CallKind::Probe: return "probe";
    case CallKind::Refresh: return "refresh";
    case CallKind::Extension: return "extension point " + after_dot();
  }
  return "?";
}

// --- names -------------------------------------------------------------------

const std::string& Kernel::def_name(const State& s, EntityId id) const {
  static const std::string none = "?";
  const Entity* e = s.entity(id);
  if (!e || e->def < 0 || e->def >= static_cast<int32_t>(packs_->defs.size())) return none;
  return packs_->defs[e->def]->id;
}

std::string Kernel::zone_name(const State& s, int zone) const {
  if (zone < 0 || zone >= static_cast<int>(s.zones.size())) return "?";
  const Zone& z = s.zones[zone];
  const std::string& id = packs_->zones[z.def].id;
  return z.seat >= 0 ? id + "@" + std::to_string(z.seat + 1) : id;
}

int Kernel::zone_index(const State& s, std::string_view name) const {
  auto at = name.find('@');
  int32_t zd = packs_->zone_id(name.substr(0, at));
  if (zd < 0) return -1;
  const int seats = static_cast<int>(s.seats.size());
  if (!packs_->zones[zd].per_seat) return at == std::string_view::npos ? packs_->zone_index(zd, -1, seats) : -1;
  if (at == std::string_view::npos) return -1;
  std::string_view num = name.substr(at + 1);
  if (num.empty() || num.size() > 4 || !std::all_of(num.begin(), num.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  int seat = std::stoi(std::string(num)) - 1;
  if (seat < 0 || seat >= seats) return -1;
  return packs_->zone_index(zd, seat, seats);
}

int Kernel::zone_of_def(const State& s, std::string_view zone_def, int seat) const {
  int32_t zd = packs_->zone_id(zone_def);
  if (zd < 0) throw KernelError("unknown zone '" + std::string(zone_def) + "'");
  if (packs_->zones[zd].per_seat && (seat < 0 || seat >= static_cast<int>(s.seats.size())))
    throw KernelError("zone '" + std::string(zone_def) + "' belongs to a seat; give a seat (1.." +
                      std::to_string(s.seats.size()) + ")");
  return packs_->zone_index(zd, seat, static_cast<int>(s.seats.size()));
}

namespace {
// A seat or the onlooker reading texts of the state as it stands.
class SeatReader final : public TextReader {
 public:
  SeatReader(const Kernel& e, const State& s, int seat) : e_(e), s_(s), seat_(seat) {}
  bool hides(int64_t id) const override {
    const Entity* en = s_.entity_of(Value(id));
    return !en || !e_.known(s_, static_cast<EntityId>(id), seat_);
  }

 private:
  const Kernel& e_;
  const State& s_;
  int seat_;
};

// A reader of a journal line: what it knew when the line was written.
class LineReader final : public TextReader {
 public:
  LineReader(const JournalLine& l, int seat) : l_(l), seat_(seat) {}
  bool hides(int64_t id) const override {
    return !std::binary_search(l_.seen.begin(), l_.seen.end(), std::pair<int32_t, int64_t>(seat_, id));
  }

 private:
  const JournalLine& l_;
  int32_t seat_;
};
}  // namespace

std::string Kernel::render(const State& s, const TextRef& t, std::string_view lang, int reader) const {
  if (reader == kAllSeeing) return tabula::render(*packs_, &s, t, lang);
  SeatReader r(*this, s, reader);
  return tabula::render(*packs_, &s, t, lang, &r);
}

std::string Kernel::render_line(const State& s, const JournalLine& l, std::string_view lang, int reader) const {
  if (reader == kAllSeeing) return tabula::render(*packs_, &s, l.text, lang);
  LineReader r(l, reader);
  return tabula::render(*packs_, &s, l.text, lang, &r);
}

std::string Kernel::prompt(const State& s, const Decision& d, std::string_view lang, int reader) const {
  return render(s, d.prompt, lang, reader);
}

// An option's own label, else its entity's name (when the seat knows the
// entity), else the decision's label for options (given the id), else the
// id itself; an entity the seat may not know is "(hidden)".
std::string Kernel::label(const State& s, const Decision& d, const Option& o, std::string_view lang) const {
  return label(s, d, o, lang, d.seat);
}

std::string Kernel::label(const State& s, const Decision& d, const Option& o, std::string_view lang, int reader) const {
  if (!o.label.empty()) return render(s, o.label, lang, reader);
  const Entity* e = s.entity(o.entity);
  if (e && (reader == kAllSeeing || known(s, o.entity, reader))) return packs_->defs[e->def]->name.get(lang);
  if (!d.option_label.empty()) {
    TextRef t = d.option_label;
    if (!t.args.is_dict()) t.args = Value::dict();
    int64_t n = 0;
    if (o.int_id && std::from_chars(o.id.data(), o.id.data() + o.id.size(), n).ec == std::errc()) t.args.set("id", Value(n));
    else t.args.set("id", Value(o.id));
    return render(s, t, lang, reader);
  }
  if (e) return hidden_entity_word(lang);
  return o.id;
}

// --- entities and zones ----------------------------------------------------

EntityId Kernel::create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner) {
  int32_t d = packs_->def_id(def);
  if (d < 0) throw KernelError("unknown entity definition '" + std::string(def) + "'");
  return create_entity(s, d, zone_of_def(s, zone, seat), owner == -2 ? seat : owner);
}

EntityId Kernel::create_entity(State& s, int32_t def, int zone, int owner) {
  if (s.entities.size() >= static_cast<size_t>(INT32_MAX)) throw KernelError("too many entities");
  Entity e;
  e.def = def;
  e.owner = owner;
  s.entities.push_back(e);
  s.kept_bytes += State::kEntityBytes;
  const EntityId id = static_cast<EntityId>(s.entities.size() - 1);
  move_entity(s, id, zone);
  return id;
}

void Kernel::move_entity(State& s, EntityId id, int zone, int position) {
  Entity* e = s.entity(id);
  if (!e) throw KernelError("no entity #" + std::to_string(id));
  if (e->zone >= 0) {
    auto& items = s.zones[e->zone].items;
    items.erase(std::find(items.begin(), items.end(), id));
  }
  if (!s.revealed.empty()) s.forget_reveals(id);
  e->zone = zone;
  if (zone < 0) return;
  auto& items = s.zones[zone].items;
  if (position < 0 || position > static_cast<int>(items.size())) items.push_back(id);
  else items.insert(items.begin() + position, id);
  if (arrivals_out_) {
    const Zone& z = s.zones[zone];
    arrivals_out_->push_back({e->def, z.def, z.seat >= 0 ? z.seat : e->owner});
  }
}

const Value& Kernel::prop(const State& s, EntityId id, int32_t prop) const {
  static const Value nil;
  const Entity* e = s.entity(id);
  if (!e || prop < 0) return nil;
  const size_t i = s.prop_at(id, prop);
  if (i < s.props.size() && s.props[i].entity == id && s.props[i].prop == prop) return s.props[i].value;
  return packs_->def_prop(e->def, prop);
}

const Value& Kernel::prop(const State& s, EntityId id, std::string_view key) const {
  return prop(s, id, packs_->prop_id(key));
}

void Kernel::set_prop(State& s, EntityId id, int32_t prop, Value v) {
  const Entity* e = s.entity(id);
  if (!e) throw KernelError("no entity #" + std::to_string(id));
  const EntityDef& d = *packs_->defs[e->def];
  const int8_t type = prop < 0 ? -1 : packs_->prop_types[d.kind_index * packs_->prop_names.size() + prop];
  if (type < 0)
    throw KernelError("kind '" + d.kind + "' has no property '" +
                      (prop < 0 ? std::string("?") : packs_->prop_names[prop]) + "' (entity " + d.id + ")");
  if (!v.is_nil() && static_cast<int8_t>(v.kind()) != type)
    throw KernelError("property '" + packs_->prop_names[prop] + "' of kind '" + d.kind + "' holds " +
                      Value::kind_name(static_cast<Value::Kind>(type)) + " values, not " + Value::kind_name(v.kind()));
  auto it = s.props.begin() + static_cast<std::ptrdiff_t>(s.prop_at(id, prop));
  const bool found = it != s.props.end() && it->entity == id && it->prop == prop;
  // Writing the definition's own value back removes the override, so a
  // state's hash does not depend on how a value came to be.
  // The heap estimate (State::kept_bytes) follows: a cell, and its value's own.
  if (v.is_nil() || v == packs_->def_prop(e->def, prop)) {
    if (found) {
      s.kept_bytes -= static_cast<int64_t>(sizeof(PropCell) + it->value.heap_bytes());
      s.props.erase(it);
    }
  } else if (found) {
    s.kept_bytes += static_cast<int64_t>(v.heap_bytes()) - static_cast<int64_t>(it->value.heap_bytes());
    it->value = std::move(v);
  } else {
    s.kept_bytes += static_cast<int64_t>(sizeof(PropCell) + v.heap_bytes());
    s.props.insert(it, PropCell{id, prop, std::move(v)});
  }
}

void Kernel::set_prop(State& s, EntityId id, std::string_view key, Value v) {
  int32_t p = packs_->prop_id(key);
  if (p < 0) throw KernelError("no kind declares a property '" + std::string(key) + "'");
  set_prop(s, id, p, std::move(v));
}

void Kernel::shuffle_zone(State& s, int zone) {
  auto& items = s.zones.at(zone).items;
  if (!s.revealed.empty())
    for (EntityId id : items) s.forget_reveals(id);
  if (forced_ && forced_->shuffle(s, zone, items)) return;
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[s.rng.below(i)]);
}

uint64_t Kernel::random_below(State& s, uint64_t n) {
  uint64_t v;
  if (forced_ && forced_->random(n, v)) return v;
  return s.rng.below(n);
}

void Kernel::log(State& s, TextRef text, int seat) {
  if (quiet()) return;
  host_->queued(sizeof(JournalLine));  // the text's arguments counted as they were read
  JournalLine line{seat, std::move(text), {}, host_->current_fn(), host_->current_entity()};
  std::vector<int64_t> named;
  named_entities(*packs_, line.text, named);
  // Whether each reader knew the entity whose script wrote the line: its
  // cause names it only to them.
  if (line.cause_entity != kNoEntity) {
    auto at = std::lower_bound(named.begin(), named.end(), static_cast<int64_t>(line.cause_entity));
    if (at == named.end() || *at != line.cause_entity) named.insert(at, line.cause_entity);
  }
  for (int reader = -1; reader < static_cast<int>(s.seats.size()); ++reader) {
    if (seat >= 0 && reader != seat) continue;
    for (int64_t id : named)
      if (s.entity_of(Value(id)) && known(s, static_cast<EntityId>(id), reader)) line.seen.emplace_back(reader, id);
  }
  host_->queued(static_cast<int64_t>(line.seen.size() * sizeof(line.seen[0])));
  s.journal.push_back(std::move(line));
  if (log_watch_) log_watch_(s);
}

// --- scheduling, decisions, events -------------------------------------------

void Kernel::schedule(State& s, Call c) {
  if (query_mode_) throw KernelError("a query hook may not schedule work");
  if (s.combat.active && s.combat.defeated && c.kind != CallKind::Event) return;
  host_->queued(call_bytes(c));  // an event's arguments are copied for every listener
  scheduled_.push_back(std::move(c));
}

void Kernel::decide(State& s, Decision&& d) {
  if (query_mode_) throw KernelError("a query hook may not ask for a decision");
  if (s.combat.active && s.combat.defeated) return;  // the fight is over; nothing left to ask
  if (d.seat < 0 || d.seat >= static_cast<int>(s.seats.size()))
    throw KernelError("decision for seat " + std::to_string(d.seat + 1) + ", but the game has " +
                      std::to_string(s.seats.size()) + " seats");
  if (d.options.empty()) throw KernelError("a decision needs at least one option");
  check_options(d);
  if (s.pending_for(d.seat)) throw KernelError("seat " + std::to_string(d.seat + 1) + " already has a decision open");
  ++opened_;
  s.pending.push_back(std::move(d));
}

// Unique ids; a subset decision's ids can be told apart in a set's string,
// and its bounds can be met.
void Kernel::check_options(const Decision& d) const {
  const size_t count = d.options.size();
  if (count <= 32) {  // the usual few: every pair, with no allocation
    for (size_t i = 1; i < count; ++i) {
      const std::string& a = d.options[i].id;
      for (size_t j = 0; j < i; ++j) {
        const std::string& b = d.options[j].id;
        // Ids are mostly a character or two: the first one settles most pairs
        // without a call to compare (s[0] of an empty string is '\0').
        if (a[0] == b[0] && a == b) throw KernelError("option id '" + a + "' appears twice");
      }
    }
  } else {  // many: sorted, so that a script's long list costs n log n, not n²
    std::vector<std::string_view> ids;
    ids.reserve(count);
    for (const auto& o : d.options) ids.emplace_back(o.id);
    std::sort(ids.begin(), ids.end());
    for (size_t i = 1; i < count; ++i)
      if (ids[i] == ids[i - 1]) throw KernelError("option id '" + std::string(ids[i]) + "' appears twice");
  }
  if (!d.subset()) return;
  const size_t n = d.options.size();
  if (n > kMaxSubsetOptions)
    throw KernelError("a subset decision offers at most " + std::to_string(kMaxSubsetOptions) + " options, not " +
                      std::to_string(n));
  if (static_cast<size_t>(d.pick_min) > n)
    throw KernelError("pick.min = " + std::to_string(d.pick_min) + ", but there are only " + std::to_string(n) + " options");
  for (const auto& o : d.options)
    if (o.id.find(kSubsetSeparator) != std::string::npos || o.id == kEmptySubset)
      throw KernelError("option id '" + o.id + "' of a subset decision may not contain '" +
                        std::string(1, kSubsetSeparator) + "' or be '" + std::string(kEmptySubset) + "'");
}

bool Kernel::withdraw(State& s, int seat) {
  if (query_mode_) throw KernelError("a query hook may not withdraw a decision");
  for (size_t i = 0; i < s.pending.size(); ++i) {
    if (s.pending[i].seat != seat) continue;
    const Decision& d = s.pending[i];
    if (d.on_withdraw >= 0) schedule(s, Call{d.on_withdraw, d.then.entity, CallKind::Scheduled, -1, d.then.args});
    s.pending.erase(s.pending.begin() + static_cast<std::ptrdiff_t>(i));
    return true;
  }
  return false;
}

// Asks a decision's refresh function for its options under the state as it
// is now: the same decision with new options, or withdrawn when none are left.
void Kernel::refresh(State& s, int seat) {
  const Decision* d = s.pending_for(seat);
  if (!d || d->refresh < 0 || s.over) return;
  std::vector<Option> options;
  {
    QueryMode guard(query_mode_);
    host_->call_options(s, Call{d->refresh, d->then.entity, CallKind::Refresh, -1, d->then.args}, options);
  }
  Decision* open = nullptr;
  for (auto& p : s.pending)
    if (p.seat == seat) open = &p;
  if (!open) return;  // the query ended the game
  if (options.empty()) {
    withdraw(s, seat);
    return;
  }
  const std::string who = "refresh " + function_name(open->refresh) + " (seat " + std::to_string(seat + 1) + "): ";
  if (open->subset() && options.size() < static_cast<size_t>(open->pick_min))
    throw KernelError(who + "it left " + std::to_string(options.size()) + " option(s), fewer than pick.min = " +
                      std::to_string(open->pick_min) + " (return {} to withdraw the decision)");
  std::swap(open->options, options);
  open->bytes = decision_bytes(*open);
  try {
    check_options(*open);
  } catch (const KernelError& e) {
    throw KernelError(who + e.what());
  }
}

// The documented order of listeners (docs/architecture.md): rule modules in
// module-key order, then entities in play in ascending id order.
template <class F>
void Kernel::for_each_listener(const State& s, const Listeners& l, F&& fn) const {
  for (int32_t f : l.rules) fn(f, kNoEntity);
  if (!l.any_entity) return;
  if (l.scan == Listeners::Scan::Zones) {
    std::vector<EntityId>& ids = scoped_listeners(s, l);
    struct Release {
      size_t& depth;
      ~Release() { --depth; }
    } release{scoped_depth_};
    // A listener may move an entity collected here: it is called only if it
    // still listens.
    for (EntityId id : ids)
      if (const Entity& e = s.entities[id]; listens(s, e)) fn(l.by_def[e.def], id);
    return;
  }
  const bool checked = l.scan == Listeners::Scan::Checked;
  for (size_t id = 0; id < s.entities.size(); ++id) {
    const Entity& e = s.entities[id];
    if (e.zone < 0) continue;
    if (int32_t f = l.by_def[e.def]; f >= 0 && (!checked || listens(s, e))) fn(f, static_cast<EntityId>(id));
  }
}

void Kernel::emit(State& s, std::string_view event, const Value& args) {
  note_event(event);
  emit_to(s, listeners("on." + std::string(event)), args);
}

void Kernel::emit_to(State& s, const Listeners* l, const Value& args) {
  if (!l) return;
  for_each_listener(s, *l, [&](int32_t fn, EntityId id) { schedule(s, Call{fn, id, CallKind::Event, -1, args}); });
}

void Kernel::start_node(State& s, std::string_view node, Value args) {
  if (query_mode_) throw KernelError("a query hook may not start a flow node");
  int index = node_index(node);
  if (index < 0) throw KernelError("no flow node '" + std::string(node) + "'");
  check_sides(s, index, args);
  // Work already scheduled runs first (the agenda drains before the flow
  // moves), then this frame, then the frame that was running.
  FlowFrame f{index};
  f.args = std::move(args);
  host_->queued(frame_bytes(f));
  s.flow.push_back(std::move(f));
}

int64_t Kernel::modify(State& s, std::string_view channel, int64_t amount, const Value& ctx) {
  return modify_with(s, listeners("modify." + std::string(channel)), amount, ctx);
}

int64_t Kernel::modify_with(State& s, const Listeners* l, int64_t amount, const Value& ctx) {
  if (!l) return std::max<int64_t>(0, amount);
  QueryMode guard(query_mode_);
  Call c;  // made once a listener is there to call: most channels have none in play
  for_each_listener(s, *l, [&](int32_t fn, EntityId id) {
    if (c.args.is_nil()) c.args = ctx.is_dict() ? ctx : Value::dict();
    c.args.set("amount", Value(amount));
    c.fn = fn;
    c.entity = id;
    c.kind = CallKind::Modifier;
    LuaHost::Result r = host_->call(s, c, nullptr);
    if (r.is_int) amount = std::max<int64_t>(0, r.integer);
  });
  return amount;
}

void Kernel::collect(State& s, std::string_view point, const Value& args, const std::function<void()>& each) {
  const Listeners* l = listeners("extend." + std::string(point));
  if (!l) return;
  QueryMode guard(query_mode_);
  for_each_listener(s, *l, [&](int32_t fn, EntityId id) {
    host_->call_keep(s, Call{fn, id, CallKind::Extension, -1, args});
    each();
  });
}

void Kernel::finish_game(State& s, Value result, TextRef text) {
  s.over = true;
  s.result = std::move(result);
  s.result_text = std::move(text);
  s.agenda.clear();
  s.pending.clear();
  scheduled_.clear();
}

// --- combat ------------------------------------------------------------------

const std::vector<EntityId>& Kernel::defenders(const State& s) const {
  if (!s.combat.active) return kNoEntities;
  return s.combat.defenders >= 0 ? s.zones[s.combat.defenders].items : s.combat.defender_ids;
}

DamageResult Kernel::damage(State& s, EntityId target, int64_t amount, const Value& info) {
  DamageResult r;
  if (!s.entity(target)) throw KernelError("damage: no entity #" + std::to_string(target));
  if (amount <= 0) return r;
  Value ctx = info.is_dict() ? info : Value::dict();
  ctx.set("target", Value(static_cast<int64_t>(target)));
  int64_t dealt = modify_with(s, modify_damage_, amount, ctx);
  r.prevented = amount - dealt;
  r.dealt = dealt;
  if (dealt <= 0) return r;
  const KindFight& k = kind_fight(s, target);
  int64_t total = prop(s, target, k.damage).as_int() + dealt;
  set_prop(s, target, k.damage, Value(total));
  note_event("damaged");
  if (on_damaged_) {
    Value ev = ctx;
    ev.set("amount", Value(dealt));
    emit_to(s, on_damaged_, ev);
  }
  const Value& hp = prop(s, target, k.hp);
  if (hp.is_int() && total >= hp.as_int()) {
    r.knocked_out = true;
    knock_out(s, target, ctx);
  }
  return r;
}

int64_t Kernel::heal(State& s, EntityId target, int64_t amount, const Value& info) {
  if (!s.entity(target)) throw KernelError("heal: no entity #" + std::to_string(target));
  const int32_t damage_prop = kind_fight(s, target).damage;
  int64_t have = prop(s, target, damage_prop).as_int();
  if (amount <= 0 || have <= 0) return 0;
  Value ctx = info.is_dict() ? info : Value::dict();
  ctx.set("target", Value(static_cast<int64_t>(target)));
  int64_t healed = std::min(have, modify_with(s, modify_heal_, amount, ctx));
  if (healed <= 0) return 0;
  set_prop(s, target, damage_prop, Value(have - healed));
  note_event("healed");
  if (on_healed_) {
    ctx.set("amount", Value(healed));
    emit_to(s, on_healed_, ctx);
  }
  return healed;
}

// The same inside and outside a fight: damage back to 0 (unless the kind
// keeps it), a move to the kind's knock-out zone, `knocked_out`; then, if
// the entity stood on a side of the running fight, the side may be defeated.
void Kernel::knock_out(State& s, EntityId target, const Value& info) {
  Entity* e = s.entity(target);
  if (!e) throw KernelError("knock_out: no entity #" + std::to_string(target));
  const KindFight& k = kind_fight(s, target);
  if (k.reset_damage && k.damage >= 0) set_prop(s, target, k.damage, Value(int64_t{0}));
  const bool was_defender = s.combat.active && s.combat.defenders >= 0 && e->zone == s.combat.defenders;
  if (k.knocked_out_to >= 0) {
    // A per-seat zone: the fight's seat inside a fight, else the owner's.
    const ZoneDef& z = packs_->zones[k.knocked_out_to];
    int seat = -1;
    if (z.per_seat) {
      seat = s.combat.active && s.combat.seat >= 0 ? s.combat.seat : e->owner;
      if (seat < 0)
        throw KernelError("knock_out: zone '" + z.id + "' belongs to a seat, but " + packs_->defs[e->def]->id +
                          " has no owner and no fight with a seat is running");
    }
    move_entity(s, target, packs_->zone_index(k.knocked_out_to, seat, static_cast<int>(s.seats.size())));
  }
  Value ev = info.is_dict() ? info : Value::dict();
  ev.set("target", Value(static_cast<int64_t>(target)));
  note_event("knocked_out");
  emit_to(s, on_knocked_out_, ev);
  if (leave_sides(s, target, was_defender)) defeat(s, ev);
}

void Kernel::defeat(State& s, const Value& info) {
  if (s.combat.defeated) return;
  // The side is out: whatever the fight still had scheduled or asked is void.
  s.combat.defeated = true;
  if (static_cast<int>(s.agenda.size()) > s.combat.agenda_floor) s.agenda.resize(s.combat.agenda_floor);
  s.pending.clear();
  std::vector<Call> keep;
  for (auto& c : scheduled_)
    if (c.kind == CallKind::Event) keep.push_back(std::move(c));
  scheduled_.swap(keep);
  note_event("defeated");
  if (on_defeated_) {
    Value ev = info;
    if (s.combat.seat >= 0) ev.set("seat", Value(static_cast<int64_t>(s.combat.seat + 1)));  // Lua counts seats from 1
    ev.set("side", Value(s.combat.attackers_lost ? "attackers" : "defenders"));
    emit_to(s, on_defeated_, ev);
  }
}

}  // namespace tabula
