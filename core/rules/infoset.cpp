#include "core/rules/infoset.h"

#include <algorithm>

#include "core/rules/engine.h"
#include "core/rules/kernel.h"

namespace tabula {

namespace {

// Whether a seat sees an entity's definition in a contents zone, where it
// never knows which entity lies where (the rule of view_json's counts).
bool sees_def(const State& s, const Zone& z, EntityId id, int seat) {
  const Entity& e = s.entities[static_cast<size_t>(id)];
  return e.face_up || (seat >= 0 && (e.owner == seat || z.seat == seat || s.revealed_to(id, seat)));
}

}  // namespace

bool InfoSet::knows(EntityId id) const { return std::binary_search(known.begin(), known.end(), id); }

InfoSet info_set(const Engine& e, const State& s, int seat) {
  const PackSet& packs = e.packs();
  InfoSet is;
  is.state = &s;
  is.seat = seat;
  if (seat >= 0 && seat < static_cast<int>(s.seats.size())) is.secret = &s.seats[static_cast<size_t>(seat)].secret;
  is.decision = s.pending_for(seat);
  is.zones.resize(s.zones.size());
  for (size_t zi = 0; zi < s.zones.size(); ++zi) {
    const Zone& z = s.zones[zi];
    const ZoneDef& zd = packs.zones[static_cast<size_t>(z.def)];
    InfoSet::ZoneSeen& out = is.zones[zi];
    out.count = static_cast<int32_t>(z.items.size());
    const bool see_all = e.sees_items(s, static_cast<int>(zi), seat);
    const bool contents = zd.visibility == ZoneDef::Visibility::Contents;
    bool revealed_here = false;
    if (!see_all && seat >= 0 && !s.revealed.empty())
      for (EntityId id : z.items) revealed_here = revealed_here || s.revealed_to(id, seat);
    out.ordered = see_all || revealed_here;
    if (out.ordered) out.items.reserve(z.items.size());
    for (EntityId id : z.items) {
      const bool k = e.known(s, id, seat);
      if (k) is.known.push_back(id);
      if (out.ordered) out.items.push_back(k ? id : kNoEntity);
      if (contents ? sees_def(s, z, id, seat) : k) {
        if (contents || zd.grouped) out.defs.push_back(s.entities[static_cast<size_t>(id)].def);
      } else {
        ++out.hidden;
      }
    }
    std::sort(out.defs.begin(), out.defs.end());
  }
  std::sort(is.known.begin(), is.known.end());
  return is;
}

uint64_t info_hash(const Engine& e, const State& s, int seat) {
  const InfoSet is = info_set(e, s, seat);
  Hasher h;
  h.i64(seat);
  h.u64(s.over);
  h.value(s.result);
  h.value(Value::dict(s.vars()));
  for (const auto& st : s.seats) h.value(Value::dict(st.counters));
  if (is.secret) h.value(Value::dict(*is.secret));
  h.i64(s.start_seat);
  for (const auto& f : s.flow) {
    h.i64(f.node);
    h.i64(f.iteration);
    h.i64(f.seat_pos);
    h.i64(f.child);
  }
  for (const auto& z : is.zones) {
    h.i64(z.count);
    h.i64(z.hidden);
    for (EntityId id : z.items) h.i64(id);
    for (int32_t d : z.defs) h.i64(d);
  }
  for (EntityId id : is.known) {
    const Entity& en = s.entities[static_cast<size_t>(id)];
    h.i64(id);
    h.i64(en.def);
    h.i64(en.owner);
    h.u64(en.face_up);
    for (size_t i = s.prop_at(id, 0); i < s.props.size() && s.props[i].entity == id; ++i) {
      h.i64(s.props[i].prop);
      h.value(s.props[i].value);
    }
  }
  for (const auto& d : s.pending) {
    h.i64(d.seat);
    if (d.seat != seat) continue;  // others' options are theirs
    for (const auto& o : d.options) h.str(o.id);
  }
  return h.h;
}

State determinize(Engine& e, const State& s, int seat, uint64_t seed) {
  State d = s;
  d.journal.clear();
  const PackSet& packs = e.packs();
  const auto& pools = e.kernel().zone_pools();
  const auto& by_seat = e.kernel().pool_by_seat();
  const auto& classes = e.kernel().def_classes();
  const int32_t npools = static_cast<int32_t>(packs.zones.size());

  // Every entity the seat does not know, with the class it may be exchanged
  // within: what the seat could tell apart (its zone's pool, the kind and
  // back of the definition) stays put, and so does the zone's seat in a
  // pool of per-seat zones only (a seat's own deck and hand); a pool with a
  // shared zone deals between seats (a common deck and the hands dealt from
  // it). The owner and the face belong to the place (a card dealt to a hand
  // is its holder's, a card face down on the table stays face down), so
  // they are no part of the class. An entity of a contents zone whose
  // definition the seat sees exchanges only within that zone, so every
  // count it sees holds.
  struct Slot {
    uint64_t key;    // pool, zone seat and class, packed
    uint32_t order;  // zone order, then place
    EntityId id;
  };
  std::vector<Slot> slots;
  slots.reserve(s.entities.size());
  for (size_t zi = 0; zi < s.zones.size(); ++zi) {
    const Zone& z = s.zones[zi];
    const bool contents = packs.zones[static_cast<size_t>(z.def)].visibility == ZoneDef::Visibility::Contents;
    // A zone the seat cannot see, with nothing revealed: none of it is known.
    const bool blind = !e.sees_items(s, static_cast<int>(zi), seat) && (seat < 0 || s.revealed.empty());
    for (EntityId id : z.items) {
      if (!blind && e.known(s, id, seat)) continue;
      const Entity& en = s.entities[static_cast<size_t>(id)];
      const bool own_zone = contents && sees_def(s, z, id, seat);
      const int32_t pool = own_zone ? npools + static_cast<int32_t>(zi) : pools[static_cast<size_t>(z.def)];
      const int32_t zone_seat = own_zone || by_seat[static_cast<size_t>(z.def)] ? z.seat : -1;
      const uint64_t key = (static_cast<uint64_t>(pool) << 44) | (static_cast<uint64_t>(zone_seat + 1) << 32) |
                           static_cast<uint32_t>(classes[static_cast<size_t>(en.def)]);
      slots.push_back({key, static_cast<uint32_t>(slots.size()), id});
    }
  }
  // Zone order, then place: the same in every state the seat cannot tell
  // apart, as long as they keep their ids at the same places.
  std::sort(slots.begin(), slots.end(), [](const Slot& a, const Slot& b) { return a.key != b.key ? a.key < b.key : a.order < b.order; });

  Rng rng(seed);
  // What an entity is: its definition and its own properties. Sorted so
  // that where each one lay is forgotten before they are dealt again.
  struct What {
    int32_t def;
    uint64_t props;  // a hash of its property cells
    EntityId from;
  };
  std::vector<What> whats;
  const size_t n_entities = s.entities.size();
  std::vector<EntityId> dest(n_entities, kNoEntity);
  // Where each entity's own property cells begin in `props` (sorted by
  // entity): first[id] .. first[id + 1].
  std::vector<uint32_t> first(n_entities + 1, 0);
  for (const auto& c : s.props) ++first[static_cast<size_t>(c.entity) + 1];
  for (size_t i = 0; i < n_entities; ++i) first[i + 1] += first[i];
  auto has_cells = [&](EntityId id) { return first[static_cast<size_t>(id) + 1] > first[static_cast<size_t>(id)]; };
  bool moved_props = false;
  for (size_t i = 0; i < slots.size();) {
    size_t n = 1;
    while (i + n < slots.size() && slots[i + n].key == slots[i].key) ++n;
    if (n > 1) {
      whats.clear();
      for (size_t k = i; k < i + n; ++k) {
        const EntityId id = slots[k].id;
        Hasher h;
        for (uint32_t c = first[static_cast<size_t>(id)]; c < first[static_cast<size_t>(id) + 1]; ++c) {
          h.i64(s.props[c].prop);
          h.value(s.props[c].value);
        }
        whats.push_back({s.entities[static_cast<size_t>(id)].def, h.h, id});
      }
      std::sort(whats.begin(), whats.end(), [](const What& a, const What& b) { return a.def != b.def ? a.def < b.def : a.props < b.props; });
      for (size_t k = n - 1; k > 0; --k) std::swap(whats[k], whats[static_cast<size_t>(rng.below(k + 1))]);
      for (size_t k = 0; k < n; ++k) {
        const EntityId to = slots[i + k].id;
        d.entities[static_cast<size_t>(to)].def = whats[k].def;
        dest[static_cast<size_t>(whats[k].from)] = to;
        moved_props = moved_props || (whats[k].from != to && (has_cells(whats[k].from) || has_cells(to)));
      }
    }
    i += n;
  }
  if (moved_props) {
    // Each entity takes the cells of the one whose contents it received:
    // rebuilt in entity order, so the cells stay sorted without a sort.
    const size_t n = n_entities;
    std::vector<EntityId> src(n);
    for (size_t i = 0; i < n; ++i) src[i] = static_cast<EntityId>(i);
    for (size_t i = 0; i < n; ++i)
      if (dest[i] != kNoEntity) src[static_cast<size_t>(dest[i])] = static_cast<EntityId>(i);
    std::vector<PropCell> cells;
    cells.reserve(d.props.size());
    for (size_t to = 0; to < n; ++to) {
      const size_t from = static_cast<size_t>(src[to]);
      for (uint32_t c = first[from]; c < first[from + 1]; ++c) {
        cells.push_back(std::move(d.props[c]));
        cells.back().entity = static_cast<EntityId>(to);
      }
    }
    d.props = std::move(cells);
  }
  // The seed is part of the state but no seat knows it: the new one stands
  // for it, and the dice go on from a stream of their own.
  d.seed = seed;
  if (e.kernel().has_determinize_hook()) {
    const uint64_t words[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
    d.rng.restore(words, s.rng.draws());
    e.kernel().determinize_hook(d, seat);
  }
  const uint64_t words[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
  d.rng.restore(words, s.rng.draws());
  return d;
}

}  // namespace tabula
