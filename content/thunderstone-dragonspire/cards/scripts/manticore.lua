-- Manticore (§6.5): BATTLE: destroy all Archers.
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.battle(ctx) MB.destroy_all { seat = ctx.args.seat, pick = "tag", tags = { "archer" } } end

return M
