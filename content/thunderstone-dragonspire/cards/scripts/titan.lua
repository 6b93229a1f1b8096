-- Titan (§6.5): BATTLE: destroy all Heroes except the 2 strongest and all
-- Weapons except the heaviest. The player picks the survivors among ties
-- (OQ-36).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  local seat, me = ctx.args.seat, ctx.self
  MB.run {
    { seat = seat, keep = true, n = E.n(me, "keep_heroes"), pick = "strongest", among = "heroes",
      prompt = "fx_monster.hero_kept" },
    { seat = seat, keep = true, n = E.n(me, "keep_weapons"), pick = "heaviest_weapon", among = "weapons",
      prompt = "fx_monster.weapon_kept" },
  }
end

return M
