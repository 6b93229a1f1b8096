// Who sees what of a zone and of an entity (ENGINE.md invariant 3): the
// rules that views, tabula.known and reveals share.
#include "core/rules/kernel.h"
#include "core/state/kernel_error.h"

namespace tabula {

bool Kernel::sees_items(const State& s, int zone, int seat) const {
  const Zone& z = s.zones[zone];
  switch (packs_->zones[z.def].visibility) {
    case ZoneDef::Visibility::Public: return true;
    case ZoneDef::Visibility::Owner: return seat >= 0 && z.seat == seat;
    case ZoneDef::Visibility::Hidden:
    case ZoneDef::Visibility::Contents: return false;  // contents: which cards, never which is where
  }
  return false;
}

bool Kernel::known(const State& s, EntityId id, int seat) const {
  const Entity* e = s.entity(id);
  if (!e || e->zone < 0) return false;
  if (seat >= 0 && s.revealed_to(id, seat)) return true;
  if (!sees_items(s, e->zone, seat)) return false;
  return e->face_up || (seat >= 0 && (e->owner == seat || s.zones[e->zone].seat == seat));
}

void Kernel::reveal(State& s, EntityId id, int seat) {
  const Entity* e = s.entity(id);
  if (!e) throw KernelError("no entity #" + std::to_string(id));
  if (e->zone < 0) throw KernelError("reveal: entity #" + std::to_string(id) + " is out of play");
  if (seat < 0 || seat >= static_cast<int>(s.seats.size())) throw KernelError("reveal: no seat " + std::to_string(seat + 1));
  if (!known(s, id, seat)) s.reveal(id, seat);  // what the seat sees anyway needs no record
}

}  // namespace tabula
