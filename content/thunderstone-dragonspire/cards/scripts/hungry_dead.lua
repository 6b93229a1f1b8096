-- Hungry Dead (§6.5): BATTLE: destroy 1 other (non-Disease) card for each
-- Disease revealed, then gain 1 Disease.
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.battle(ctx)
  local seat = ctx.args.seat
  local n = #C.with_tag(seat, "disease") * E.n(ctx.self, "per_disease")
  MB.destroy { seat = seat, n = n, pick = "any", prompt = "fx_monster.which_card" }
  MB.diseases(seat, E.n(ctx.self, "diseases"))
end

return M
