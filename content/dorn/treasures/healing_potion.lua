-- TR9 Healing Potion and TR12 Greater Healing Potion (dorn.md §6.9): the
-- hero who drinks it heals `heal` lives, never above his maximum.
local T = tabula
local treasures = require "rules.treasures"
local wounds = require "rules.wounds"
local M = {}

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  wounds.heal(hero, T.get(item, "heal"), { by = hero, how = "item", card = item })
  treasures.finish(item, hero)
end

M.extend = { h2_actions = function(ctx) return treasures.offer(ctx, M.use) end }

return M
