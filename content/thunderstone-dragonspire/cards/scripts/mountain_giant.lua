-- Mountain Giant (§6.5): BATTLE: destroy 1 Hero with the lowest Strength
-- (the player picks among ties, OQ-36); it fights on until the battle ends.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "weakest", prompt = "fx.hero_destroyed" }
end

return M
