-- Basilisk (§6.5): BATTLE: destroy 1 Militia (the player picks which).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "tag", tags = { "militia" },
    prompt = "fx_monster.which_card" }
end

return M
