-- Water Wrath (§6.5): BATTLE: destroy 1 Weapon (the player picks which).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "weapons", prompt = "fx_monster.which_weapon" }
end

return M
