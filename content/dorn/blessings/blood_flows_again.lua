-- B3 The Blood Flows Again (dorn.md §6.8): the hero heals `heal`
-- lives, never above his level's lives.
local T = tabula
local wounds = require "rules.wounds"
local M = {}

function M.play(ctx)
  local h = ctx.args.hero
  wounds.heal(h, T.get(ctx.self, "heal"), { by = h, how = "blessing", card = ctx.self })
end

return M
