-- Deathbringer (§6.5): Immune to Magic Attack is a prop. BATTLE: destroy
-- 1 Spell (the player picks).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "tag", tags = { "spell" },
    prompt = "fx_monster.which_card" }
end

return M
