-- TR11 Potion of Agility (dorn.md §6.9): `effect.attacks` more attacks (or
-- spells) for the hero who drinks it, this turn (`lasts`); H3 asks the
-- channel `attacks`.
local T = tabula
local treasures = require "rules.treasures"
local M = {}

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  treasures.finish(item, hero)
end

M.extend = { h2_actions = function(ctx) return treasures.offer(ctx, M.use) end }

M.modify = {
  attacks = function(ctx)
    if treasures.acting_for(ctx.self) ~= ctx.args.figure then return ctx.args.amount end
    return ctx.args.amount + T.get(ctx.self, "effect").attacks
  end,
}

return M
