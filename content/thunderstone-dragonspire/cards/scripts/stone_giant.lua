-- Stone Giant (§6.5): BATTLE: destroy 2 Heroes with Strength 4 or less.
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "strength_at_most",
    max = E.n(ctx.self, "max_strength"), prompt = "fx.hero_destroyed" }
end

return M
