-- TR10 Potion of Light Feet (dorn.md §6.9): `effect.move` more fields of
-- movement for the hero who drinks it, this turn (`lasts`).
local T = tabula
local treasures = require "rules.treasures"
local M = {}

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  treasures.finish(item, hero)
end

M.extend = { h2_actions = function(ctx) return treasures.offer(ctx, M.use) end }

M.modify = {
  move = function(ctx)
    if treasures.acting_for(ctx.self) ~= ctx.args.figure then return ctx.args.amount end
    return ctx.args.amount + T.get(ctx.self, "effect").move
  end,
}

return M
