-- Zones used as piles: the front of a zone is the top of the pile. Seats
-- are as everywhere in the API: the seat of a per-seat zone, ignored for a
-- shared one.
local T = tabula
local pile = {}

-- The top entity, or nil when the pile is empty.
function pile.top(zone, seat) return T.zone(zone, seat)[1] end

-- The first n entities, top first (fewer when the pile holds fewer).
function pile.peek(zone, seat, n)
  local items, out = T.zone(zone, seat), {}
  for i = 1, math.min(n, #items) do out[i] = items[i] end
  return out
end

function pile.put_top(id, zone, seat) T.move(id, zone, seat, "front") end

function pile.put_bottom(id, zone, seat) T.move(id, zone, seat, "back") end

-- Moves every entity of one zone to the bottom of another, keeping their
-- order; returns their ids.
function pile.move_all(from, from_seat, to, to_seat)
  local items = T.zone(from, from_seat)
  for i = 1, #items do T.move(items[i], to, to_seat) end
  return items
end

-- The top entity of `zone`; when the zone is empty, `reshuffle` (a discard
-- pile of the same seat) is moved into it and shuffled first. Nil when both
-- are empty. A deck-builder's "reveal the top card of your deck".
function pile.top_or_reshuffle(zone, seat, reshuffle)
  if T.count(zone, seat) == 0 and T.count(reshuffle, seat) > 0 then
    pile.move_all(reshuffle, seat, zone, seat)
    T.shuffle(zone, seat)
  end
  return T.zone(zone, seat)[1]
end

-- Draws from the top of `from` to the bottom of `to`, one by one. When
-- `from` runs out and `reshuffle` names a zone (a discard pile), that zone
-- is moved into `from` and shuffled, and the draw goes on; it stops early
-- when both are empty. Returns the ids drawn, in order.
-- spec: n (default 1), from, to, reshuffle; seat for every per-seat zone,
-- or from_seat, to_seat, reshuffle_seat one by one.
function pile.draw(spec)
  local n, seat = spec.n or 1, spec.seat
  local from_seat, to_seat = spec.from_seat or seat, spec.to_seat or seat
  local reshuffle_seat = spec.reshuffle_seat or seat
  local drawn = {}
  local items, at = T.zone(spec.from, from_seat), 1
  while #drawn < n do
    if at > #items then
      if not spec.reshuffle or T.count(spec.reshuffle, reshuffle_seat) == 0 then break end
      pile.move_all(spec.reshuffle, reshuffle_seat, spec.from, from_seat)
      T.shuffle(spec.from, from_seat)
      items, at = T.zone(spec.from, from_seat), 1
    else
      local id = items[at]
      at = at + 1
      T.move(id, spec.to, to_seat)
      drawn[#drawn + 1] = id
    end
  end
  return drawn
end

return pile
