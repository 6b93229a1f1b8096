-- Plaguebearer (§6.5). GLOBAL: while it is in the Dungeon (a rank), each
-- player gains 1 Disease whenever another Monster is defeated. BATTLE:
-- gain 1 Disease.
local E = require "rules.effects"
local hall = require "rules.hall"
local MB = require "cards.scripts.lib.monster_battle"
local M = { on = {} }

function M.battle(ctx) MB.diseases(ctx.args.seat, E.n(ctx.self, "diseases")) end

function M.on.monster_defeated(ctx)
  if hall.rank_of(ctx.self) == nil or ctx.args.monster == ctx.self then return end
  MB.all_diseases(E.n(ctx.self, "global_diseases"))
end

return M
