-- Restless Corpse (§6.5): BATTLE: gain 1 Disease.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx) MB.diseases(ctx.args.seat, E.n(ctx.self, "diseases")) end

return M
