-- Dragon's Claws (§6.7.1): TRAP: each player reveals a Thief, or reveals
-- his hand and destroys every Villager in it. Revealing a Thief costs
-- nothing, so a player who has one does. The active player's hand is what
-- he revealed this turn (in play) and what is still in his hand.
local T = tabula
local C = require "rules.cards"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

local function claw(seat)
  local thief = MB.thief(seat)
  if thief then
    T.log { "fx_monster.log_thief", seat = seat, card = thief }
    return
  end
  for _, z in ipairs({ "play", "hand" }) do
    for _, c in ipairs(T.zone(z, seat)) do
      if T.has_tag(c, "villager") then C.destroy(c) end
    end
  end
end

function M.trap(_ctx)
  for seat = 1, T.seats() do claw(seat) end
end

return M
