// Listeners scoped to zones (listen_in, docs/packs.md): which entities of a
// slot listen where, resolved once per engine so that an entity out of its
// scope costs nothing when an event fires or a channel runs.
#include <algorithm>

#include "core/rules/kernel.h"

namespace tabula {

// Per slot: when no listening definition is scoped, every entity in play
// listens (Scan::All, as without scopes); when all are, only the zones in the
// union of their scopes are visited (Scan::Zones); when some are, every
// entity in play is checked against its definition's scope (Scan::Checked).
void Kernel::index_scopes() {
  const size_t nz = packs_->zones.size();
  listens_.assign(packs_->defs.size() * nz, 1);
  for (const EntityDef* d : packs_->defs) {
    if (!d->scoped) continue;
    uint8_t* row = listens_.data() + static_cast<size_t>(d->index) * nz;
    std::fill(row, row + nz, 0);
    for (int32_t z : d->listen_zones) row[z] = 1;
  }
  for (auto& [slot, l] : slots_) {
    if (!l.any_entity) continue;
    size_t listening = 0, scoped = 0;
    std::vector<int32_t> zones;
    for (const EntityDef* d : packs_->defs) {
      if (l.by_def[d->index] < 0) continue;
      ++listening;
      if (!d->scoped) continue;
      ++scoped;
      zones.insert(zones.end(), d->listen_zones.begin(), d->listen_zones.end());
    }
    std::sort(zones.begin(), zones.end());
    zones.erase(std::unique(zones.begin(), zones.end()), zones.end());
    l.scan = scoped == 0 ? Listeners::Scan::All : scoped == listening ? Listeners::Scan::Zones : Listeners::Scan::Checked;
    l.zone_defs = l.scan == Listeners::Scan::Zones ? std::move(zones) : std::vector<int32_t>{};
  }
}

// The documented order is ascending entity id; zones hold their items in
// play order, so the ids found are sorted afterwards.
std::vector<EntityId>& Kernel::scoped_listeners(const State& s, const Listeners& l) const {
  if (scoped_depth_ == scoped_ids_.size()) scoped_ids_.emplace_back();
  std::vector<EntityId>& ids = scoped_ids_[scoped_depth_++];
  ids.clear();
  const int seats = static_cast<int>(s.seats.size());
  for (int32_t zd : l.zone_defs) {
    const int copies = packs_->zones[zd].per_seat ? seats : 1;
    for (int seat = 0; seat < copies; ++seat) {
      for (EntityId id : s.zones[packs_->zone_index(zd, seat, seats)].items) {
        const Entity& e = s.entities[id];
        if (l.by_def[e.def] >= 0 && listens(s, e)) ids.push_back(id);
      }
    }
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace tabula
