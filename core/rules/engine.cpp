// The public Engine passes each call to its Kernel: one indirection, so that
// what a player, agent or tool may call reads on one screen (engine.h).
#include "core/rules/engine.h"

#include "core/rules/kernel.h"

namespace tabula {

Engine::Engine(std::unique_ptr<PackSet> packs, Limits limits)
    : kernel_(std::make_unique<Kernel>(std::move(packs), limits)) {}
Engine::~Engine() = default;
const PackSet& Engine::packs() const { return kernel_->packs(); }
const GraphIndex& Engine::graphs() const { return kernel_->graphs(); }

State Engine::blank_state(uint64_t seed, int seats, Dict options) const {
  return kernel_->blank_state(seed, seats, std::move(options));
}
void Engine::start(State& s, Mode mode) { kernel_->start(s, mode); }
State Engine::new_game(uint64_t seed, int seats, Dict options, Mode mode) {
  return kernel_->new_game(seed, seats, std::move(options), mode);
}
void Engine::start_at(State& s, const std::vector<FlowPlace>& path, Mode mode) { kernel_->start_at(s, path, mode); }

ApplyResult Engine::apply(State& s, int seat, std::string_view option_id, Mode mode) {
  return kernel_->apply(s, seat, option_id, mode);
}
ApplyResult Engine::apply_index(State& s, int seat, size_t option, Mode mode) {
  return kernel_->apply_index(s, seat, option, mode);
}
ApplyResult Engine::apply_subset(State& s, int seat, const std::vector<size_t>& indices, Mode mode) {
  return kernel_->apply_subset(s, seat, indices, mode);
}
bool Engine::has_score() const { return kernel_->has_score(); }
int64_t Engine::score(State& s, int seat) { return kernel_->score(s, seat); }
int64_t Engine::rate(State& s, int seat, int32_t fn) { return kernel_->rate(s, seat, fn); }
int64_t Engine::rounds(State& s) { return kernel_->rounds_fn() < 0 ? -1 : kernel_->rate(s, 0, kernel_->rounds_fn()); }
void Engine::rank(State& s, const Decision& d, int32_t fn, std::vector<int64_t>& out) { kernel_->rank(s, d.seat, fn, d, out); }

std::string Engine::render(const State& s, const TextRef& t, std::string_view lang, int reader) const {
  return kernel_->render(s, t, lang, reader);
}
std::string Engine::render_line(const State& s, const JournalLine& l, std::string_view lang, int reader) const {
  return kernel_->render_line(s, l, lang, reader);
}
std::string Engine::prompt(const State& s, const Decision& d, std::string_view lang, int reader) const {
  return kernel_->prompt(s, d, lang, reader);
}
std::string Engine::label(const State& s, const Decision& d, const Option& o, std::string_view lang) const {
  return kernel_->label(s, d, o, lang);
}
std::string Engine::label(const State& s, const Decision& d, const Option& o, std::string_view lang, int reader) const {
  return kernel_->label(s, d, o, lang, reader);
}

const std::string& Engine::def_name(const State& s, EntityId id) const { return kernel_->def_name(s, id); }
std::string Engine::zone_name(const State& s, int zone) const { return kernel_->zone_name(s, zone); }
int Engine::zone_index(const State& s, std::string_view name) const { return kernel_->zone_index(s, name); }
int Engine::zone_of_def(const State& s, std::string_view zone_def, int seat) const {
  return kernel_->zone_of_def(s, zone_def, seat);
}
std::string Engine::function_name(int32_t fn) const { return kernel_->function_name(fn); }
int32_t Engine::function_id(const std::string& module, std::string_view path) const {
  return kernel_->function_id(module, path);
}
const std::string& Engine::node_id(int index) const { return kernel_->node_id(index); }
int Engine::node_index(std::string_view id) const { return kernel_->node_index(id); }

EntityId Engine::create_entity(State& s, std::string_view def, std::string_view zone, int seat, int owner) {
  return kernel_->create_entity(s, def, zone, seat, owner);
}
void Engine::move_entity(State& s, EntityId id, int zone, int position) { kernel_->move_entity(s, id, zone, position); }
const Value& Engine::prop(const State& s, EntityId id, std::string_view key) const { return kernel_->prop(s, id, key); }
void Engine::set_prop(State& s, EntityId id, std::string_view key, Value v) {
  kernel_->set_prop(s, id, key, std::move(v));
}
void Engine::shuffle_zone(State& s, int zone) { kernel_->shuffle_zone(s, zone); }
void Engine::reveal(State& s, EntityId id, int seat) { kernel_->reveal(s, id, seat); }
bool Engine::known(const State& s, EntityId id, int seat) const { return kernel_->known(s, id, seat); }
bool Engine::sees_items(const State& s, int zone, int seat) const { return kernel_->sees_items(s, zone, seat); }

void Engine::pause_at(int node, FlowEdge edge) { kernel_->pause_at(node, edge); }
bool Engine::paused() const { return kernel_->paused(); }
ApplyResult Engine::resume(State& s, Mode mode) { return kernel_->resume(s, mode); }
void Engine::record_events(std::vector<std::string>* out) { kernel_->record_events(out); }
void Engine::force_chance(ForcedChance* chance) { kernel_->force_chance(chance); }
void Engine::record_chance(std::vector<ChanceEvent>* out) { kernel_->record_chance(out); }
void Engine::record_arrivals(std::vector<Arrival>* out) { kernel_->record_arrivals(out); }
void Engine::watch_log(std::function<void(const State&)> fn) { kernel_->watch_log(std::move(fn)); }

}  // namespace tabula
