-- Lich Lord (§6.5): Immune to Magic Attack is a prop. BATTLE: every Hero
-- suffers Attack -1 (each point goes on Attack or Magic Attack, as the
-- player splits it with his Diseases, §5.2 step 4) and Strength -4 (a
-- Hero at 0 or less is destroyed after the battle, §5.8.1).
local C = require "rules.cards"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  local heroes = C.heroes(ctx.args.seat)
  local turn = C.turn()
  turn.reduce = turn.reduce + #heroes * E.n(ctx.self, "attack")
  for _, h in ipairs(heroes) do C.add_strength(h, -E.n(ctx.self, "strength")) end
end

return M
