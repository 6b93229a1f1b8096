-- Frost Giant (§6.5): BATTLE: destroy 2 Heroes with Strength 5 or less,
-- then 1 Weapon with the lowest Weight (the player picks among ties).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  local seat, me = ctx.args.seat, ctx.self
  MB.run {
    { seat = seat, n = E.n(me, "destroy"), pick = "strength_at_most", max = E.n(me, "max_strength"),
      prompt = "fx.hero_destroyed" },
    { seat = seat, n = E.n(me, "weapons"), pick = "lightest_weapon", prompt = "fx_monster.which_weapon" },
  }
end

return M
