-- What combat-card spells do to the dungeon lord (§5.6).
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local list = require "std.list"
local E = require "rules.evil"
local S = {}

-- Monsters (not ghosts) sent to this round's fight.
function S.sent_monsters(seat)
  return list.filter(T.zone("battlefield", seat), function(e)
    return T.kind(e) == "monster" and not T.has_tag(e, "ghost")
  end)
end

local function back_to_den(seat, m, face_up, log_key)
  T.move(m, "den", seat)
  T.turn(m, face_up)
  T.log({ log_key, seat = seat, monster = m })
end

-- A withdrawn monster goes back face up, as if it had never been sent.
function S.withdraw(seat, m) back_to_den(seat, m, true, "spell.withdrawn") end

-- A monster a spell puts out of the fight before it attacks: back in the den
-- face down, exhausted for the rest of the combat whatever its return icon.
function S.exhaust(seat, m) back_to_den(seat, m, false, "spell.exhausted") end

-- Heals `total` damage front first (§4.6.2 C.5): the healing step, and
-- spells that heal outside it (whatever cancels the step does not stop
-- them). info: what the healed events say (default: this spell card).
function S.heal_front(seat, total, card, info)
  info = info or { source = "spell", by = card }
  for _, h in ipairs(P.heroes(seat)) do
    if total <= 0 then return end
    local healed = T.heal(h, math.min(total, T.get(h, "damage")), info)
    if healed > 0 then T.log({ "combat.healed", seat = seat, hero = h, n = healed }) end
    total = total - healed
  end
end

-- §4.1.4: a spell moves the cube toward evil (capped at the top); the
-- practice fights have no Evil scale.
function S.toward_evil(seat, n) E.move(seat, n) end

-- Paying a monster's cost again (Suggestion). Golem and Demon costs (a trap,
-- another monster) never meet a year-1 spell: those are year-2 monsters.
function S.can_pay(seat, m)
  if T.get(m, "cost_trap") > 0 or T.get(m, "cost_monster") > 0 then return false end
  if T.counter(seat, "food") < T.get(m, "cost_food") or T.counter(seat, "gold") < T.get(m, "cost_gold") then
    return false
  end
  -- Paying evil (§4.1.4): the first game lets the cube go as far as it
  -- can; only the full game (F4) forbids a payment past the top.
  return F.practice() or E.can_pay(seat, T.get(m, "cost_evil"))
end

function S.pay(seat, m)
  T.add_counter(seat, "food", -T.get(m, "cost_food"))
  T.add_counter(seat, "gold", -T.get(m, "cost_gold"))
  if T.get(m, "cost_evil") > 0 then E.move(seat, T.get(m, "cost_evil")) end
  T.log({ "spell.lord_pays", seat = seat, monster = m })
end

return S
