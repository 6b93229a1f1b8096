-- Flare (§6.5): GLOBAL Light +1 is a prop. BATTLE: destroy 1 card of the
-- party, the player's pick; not a Disease (§5.6 best reading).
local MB = require "cards.scripts.lib.monster_battle"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "any", prompt = "fx_monster.which_card" }
end

return M
