-- What Bluefire Staff (§6.4, OQ-23) leaves for the rest of the turn, kept in
-- the turn's record: `bluefire_twice` (spell -> extra times its battle
-- contribution counts: Frost Bolt, Silverstorm) and `bluefire_doomed` (the
-- Spells used again, destroyed at the end of the turn). A loaded helper
-- listens as a rule module, so a Spell used again is destroyed even if the
-- Staff itself left play meanwhile.
local T = tabula
local C = require "rules.cards"
local M = { on = {} }

-- How many times a Spell's battle contribution counts (1, or more when a
-- Staff used it again).
function M.times(spell)
  local twice = C.turn().bluefire_twice
  return 1 + (twice and twice[C.key(spell)] or 0)
end

-- A Spell without an effect to use, whose use is what it adds to the battle.
function M.passive(spell)
  return T.get(spell, "attack") > 0 or T.get(spell, "magic") > 0 or T.get(spell, "light") > 0
    or T.handles(spell, "extend.battle")
end

function M.count_twice(spell)
  local turn = C.turn()
  if not turn.bluefire_twice then turn.bluefire_twice = {} end
  local k = C.key(spell)
  turn.bluefire_twice[k] = (turn.bluefire_twice[k] or 0) + 1
  -- printed values count again as a bonus of the Spell itself
  for _, what in ipairs({ "attack", "magic", "light" }) do
    local n = T.get(spell, what)
    if n > 0 then C.add_bonus(spell, what, n) end
  end
end

function M.doom(spell)
  local turn = C.turn()
  if not turn.bluefire_doomed then turn.bluefire_doomed = {} end
  local list = turn.bluefire_doomed
  list[#list + 1] = spell
end

M.on.turn_ends = function(_ctx)
  local doomed = C.turn().bluefire_doomed
  if not doomed then return end
  for _, spell in ipairs(doomed) do
    if C.in_play(spell) then C.destroy(spell) end
  end
end

return M
