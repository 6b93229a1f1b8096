-- Earth Tempest (§6.5): double Health below 7 gold is a prop. BATTLE: gain
-- 1 Disease.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx) MB.diseases(ctx.args.seat, E.n(ctx.self, "diseases")) end

return M
