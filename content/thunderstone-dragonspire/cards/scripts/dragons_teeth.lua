-- Dragon's Teeth (§6.7.1): TRAP: the active player destroys his Hero with
-- the lowest Strength (his pick among ties, OQ-36), at once. Each other
-- player reveals and discards the top 3 cards of his deck; every Hero
-- among them is destroyed but those of the highest printed Strength
-- (OQ-40: among those 3 cards).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.trap(ctx)
  local seat = ctx.args.seat
  MB.destroy { seat = seat, n = 1, pick = "weakest", how = "now", prompt = "fx.hero_destroyed" }
  for _, other in ipairs(C.others(seat)) do
    local cards = MB.reveal(other, E.n(ctx.self, "reveal"))
    local best
    for _, c in ipairs(cards) do
      T.log { "fx_monster.log_revealed", seat = other, card = c }
      if C.is_hero(c) and (best == nil or T.get(c, "strength") > best) then best = T.get(c, "strength") end
    end
    for _, c in ipairs(cards) do
      if C.is_hero(c) and T.get(c, "strength") < best then C.destroy(c) else C.discard(c, other) end
    end
  end
end

return M
