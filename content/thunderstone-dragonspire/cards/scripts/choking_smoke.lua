-- Choking Smoke (§6.5): GLOBAL Light -2 is a prop. BATTLE: all players,
-- the active one included (OQ-37), gain 1 Disease.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx) MB.all_diseases(E.n(ctx.self, "diseases")) end

return M
