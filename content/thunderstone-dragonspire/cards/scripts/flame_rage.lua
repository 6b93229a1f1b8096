-- Flame Rage (§6.5): BATTLE: destroy the revealed Village card (Torch,
-- Dagger and Iron Rations included) of the highest gold value; the player
-- picks among ties (OQ-36).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "richest_village",
    prompt = "fx_monster.which_card" }
end

return M
