#include "core/state/state.h"

#include "core/state/word_hasher.h"

#include <algorithm>
#include <atomic>

namespace tabula {

uint64_t StateTag::next() {
  static std::atomic<uint64_t> counter{1};
  return counter.fetch_add(1, std::memory_order_relaxed);
}

const Option* Decision::find(std::string_view id) const {
  for (const auto& o : options)
    if (o.id == id) return &o;
  return nullptr;
}

namespace {
// dict_set on a dict the state keeps, with the change in its heap estimate.
int64_t put(Dict& d, std::string_view key, Value v) {
  auto it = std::lower_bound(d.begin(), d.end(), key, [](const auto& e, std::string_view k) { return e.first < k; });
  const int64_t bytes = static_cast<int64_t>(v.heap_bytes());
  if (it != d.end() && it->first == key) {
    const int64_t delta = bytes - static_cast<int64_t>(it->second.heap_bytes());
    if (v.is_nil()) {
      d.erase(it);
      return delta - static_cast<int64_t>(entry_bytes(key));
    }
    it->second = std::move(v);
    return delta;
  }
  if (v.is_nil()) return 0;
  d.insert(it, {std::string(key), std::move(v)});
  return bytes + static_cast<int64_t>(entry_bytes(key));
}

int64_t dict_bytes(const Dict& d) {
  int64_t n = 0;
  for (const auto& [k, v] : d) n += static_cast<int64_t>(entry_bytes(k) + v.heap_bytes());
  return n;
}
}  // namespace

void State::set_var(std::string_view name, Value v) {
  Value* old = dict_find(vars_, name);
  if ((old && old->is_table()) || v.is_table()) ++tables_version_;
  kept_bytes += put(vars_, name, std::move(v));
}

void State::set_counter(int seat, std::string_view name, Value v) {
  kept_bytes += put(seats[static_cast<size_t>(seat)].counters, name, std::move(v));
}

void State::set_secret(int seat, std::string_view name, Value v) {
  kept_bytes += put(seats[static_cast<size_t>(seat)].secret, name, std::move(v));
}

int64_t option_bytes(const Option& o) {
  return static_cast<int64_t>(sizeof(Option) + (o.id.size() > 15 ? o.id.size() + 1 : 0) + o.label.args.heap_bytes());
}

int64_t decision_bytes(const Decision& d) {
  int64_t n = static_cast<int64_t>(sizeof(Decision) + d.prompt.args.heap_bytes() + d.option_label.args.heap_bytes() +
                                   d.then.args.heap_bytes());
  for (const Option& o : d.options) n += option_bytes(o);
  return n;
}

int64_t State::count_queued_bytes() const {
  int64_t n = 0;
  for (const Call& c : agenda) n += call_bytes(c);
  for (const FlowFrame& f : flow) n += frame_bytes(f);
  for (const Decision& d : pending) n += d.bytes;
  return n;
}

int64_t State::count_kept_bytes() const {
  int64_t n = static_cast<int64_t>(entities.size()) * kEntityBytes;
  n += static_cast<int64_t>(props.size() * sizeof(PropCell) + revealed.size() * sizeof(Reveal));
  for (const auto& p : props) n += static_cast<int64_t>(p.value.heap_bytes());
  for (const auto& seat : seats) n += dict_bytes(seat.counters) + dict_bytes(seat.secret);
  return n + dict_bytes(vars_) + dict_bytes(options);
}

const Entity* State::entity(EntityId id) const {
  return (id >= 0 && id < static_cast<EntityId>(entities.size())) ? &entities[id] : nullptr;
}

const Entity* State::entity_of(const Value& id) const {
  if (!id.is_int() || id.as_int() < 0 || id.as_int() >= static_cast<int64_t>(entities.size())) return nullptr;
  return &entities[static_cast<size_t>(id.as_int())];
}

Entity* State::entity(EntityId id) {
  return (id >= 0 && id < static_cast<EntityId>(entities.size())) ? &entities[id] : nullptr;
}

size_t State::prop_at(EntityId id, int32_t prop) const {
  auto it = std::lower_bound(props.begin(), props.end(), std::pair{id, prop}, [](const PropCell& c, const std::pair<EntityId, int32_t>& k) {
    return c.entity != k.first ? c.entity < k.first : c.prop < k.second;
  });
  return static_cast<size_t>(it - props.begin());
}

namespace {
bool reveal_less(const Reveal& a, const Reveal& b) { return a.entity != b.entity ? a.entity < b.entity : a.seat < b.seat; }
}  // namespace

bool State::revealed_to(EntityId id, int seat) const {
  return std::binary_search(revealed.begin(), revealed.end(), Reveal{id, seat}, reveal_less);
}

void State::reveal(EntityId id, int seat) {
  auto it = std::lower_bound(revealed.begin(), revealed.end(), Reveal{id, seat}, reveal_less);
  if (it == revealed.end() || it->entity != id || it->seat != seat) {
    revealed.insert(it, Reveal{id, seat});
    kept_bytes += sizeof(Reveal);
  }
}

void State::forget_reveals(EntityId id) {
  auto first = std::lower_bound(revealed.begin(), revealed.end(), Reveal{id, INT32_MIN}, reveal_less);
  auto last = first;
  while (last != revealed.end() && last->entity == id) ++last;
  kept_bytes -= static_cast<int64_t>(sizeof(Reveal)) * (last - first);
  revealed.erase(first, last);
}

const Decision* State::pending_for(int seat) const {
  for (const auto& d : pending)
    if (d.seat == seat) return &d;
  return nullptr;
}

namespace {
void hash_call(WordHasher& h, const Call& c) {
  h.pair(c.fn, c.entity);
  h.pair(static_cast<int32_t>(c.kind), c.detail);
  h.value(c.args);
}
void hash_dict(WordHasher& h, const Dict& d) {
  h.u64(d.size());
  for (const auto& [k, v] : d) {
    h.str(k);
    h.value(v);
  }
}
}  // namespace

uint64_t State::hash() const { return hash_of(true); }

uint64_t State::position_hash() const { return hash_of(false); }

// Every field that decides how the game goes on, as words; ids and small
// numbers two to a word.
uint64_t State::hash_of(bool history) const {
  WordHasher h;
  h.u64(seed);
  if (history) {
    for (int i = 0; i < 4; ++i) h.u64(rng.words()[i]);
    h.u64(rng.draws());
  }
  h.records(entities, [](const Entity& e, uint64_t& w0, uint64_t& w1) {
    w0 = static_cast<uint32_t>(e.def) | static_cast<uint64_t>(static_cast<uint32_t>(e.zone)) << 32;
    w1 = static_cast<uint32_t>(e.owner) | static_cast<uint64_t>(e.face_up) << 32;
  });
  h.u64(props.size());
  for (const auto& p : props) {
    h.pair(p.entity, p.prop);
    h.value(p.value);
  }
  h.u64(zones.size());
  for (const auto& z : zones) {
    h.u64(z.items.size());
    const size_t n = z.items.size();
    size_t i = 0;
    for (; i + 2 <= n; i += 2) h.pair(z.items[i], z.items[i + 1]);
    if (i < n) h.pair(z.items[i], -1);
  }
  h.u64(seats.size());
  for (const auto& s : seats) {
    hash_dict(h, s.counters);
    hash_dict(h, s.secret);
  }
  hash_dict(h, vars_);
  hash_dict(h, options);
  h.i64(start_seat);
  h.u64(flow.size());
  for (const auto& f : flow) {
    h.pair(f.node, f.started);
    h.pair(f.iteration, f.seat_pos);
    h.pair(f.first_seat, f.child);
    h.value(f.args);
  }
  h.pair(combat.active, combat.seat);
  h.pair(combat.defenders, combat.defeated);
  h.pair(combat.stage, combat.agenda_floor);
  h.pair(combat.node, combat.flow_depth);
  h.u64(combat.attackers_lost);
  for (const auto* side : {&combat.defender_ids, &combat.attacker_ids}) {
    h.u64(side->size());
    for (auto id : *side) h.i64(id);
  }
  h.u64(agenda.size());
  for (const auto& c : agenda) hash_call(h, c);
  h.u64(pending.size());
  for (const auto& d : pending) {
    h.pair(d.seat, d.secret);
    h.u64(d.options.size());
    for (const auto& o : d.options) {
      h.str(o.id);
      h.pair(o.int_id, o.entity);
      h.i64(o.on_choice);
    }
    hash_call(h, d.then);
    h.pair(d.pick_min, d.pick_max);
    h.pair(d.refresh, d.on_withdraw);
  }
  h.u64(over);
  h.value(result);
  if (history) h.u64(choices_applied);
  h.u64(revealed.size());
  for (const auto& r : revealed) h.pair(r.entity, r.seat);
  return h.finish();
}

}  // namespace tabula
