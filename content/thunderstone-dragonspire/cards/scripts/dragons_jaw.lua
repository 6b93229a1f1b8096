-- Dragon's Jaw (§6.7.1): TRAP: from the active player's left and around
-- the table (him last), each player in turn reveals the top card of his
-- deck (OQ-28): a Weapon is destroyed, anything else discarded; until 3
-- Weapons are destroyed, or no deck or discard pile holds a Weapon any
-- more. A player without cards in deck and discard pile is skipped.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = {}

local function weapons_left()
  for seat = 1, T.seats() do
    for _, z in ipairs({ "deck", "discard" }) do
      for _, c in ipairs(T.zone(z, seat)) do if T.has_tag(c, "weapon") then return true end end
    end
  end
  return false
end

function M.trap(ctx)
  local order = C.others(ctx.args.seat)
  order[#order + 1] = ctx.args.seat
  local left = E.n(ctx.self, "weapons")
  local i = 0
  while left > 0 and weapons_left() do
    local seat = order[i % #order + 1]
    i = i + 1
    local c = C.top_of_deck(seat)
    if c then
      C.show(c, { "fx_monster.log_revealed", seat = seat, card = c })
      if T.has_tag(c, "weapon") then
        C.destroy(c)
        left = left - 1
      else
        C.discard(c, seat)
      end
    end
  end
end

return M
