-- Walking Scourge (§6.5). BREACH: all players, the active one included
-- (OQ-37), gain 1 Disease. BATTLE: gain 2 Diseases; each other player
-- gains 1.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.breach(ctx) MB.all_diseases(E.n(ctx.self, "breach_diseases")) end

function M.battle(ctx)
  MB.diseases(ctx.args.seat, E.n(ctx.self, "diseases"))
  MB.others_diseases(ctx.args.seat, E.n(ctx.self, "others_diseases"))
end

return M
