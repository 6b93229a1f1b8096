-- TR2 Rubble, a trap (dorn.md §6.9, OQ-14): the hero who draws it loses the
-- rest of his movement this turn (`lasts`). His steps are used up, and he
-- may not move again this turn even if something gives him more movement.
local T = tabula
local movement = require "rules.movement"
local effects = require "rules.effects"
local M = {}

function M.spring(ctx)
  local hero = ctx.args.hero
  T.set(hero, "steps", math.max(T.get(hero, "steps"), movement.allowance(hero)))
  effects.start(ctx.self, T.get(ctx.self, "lasts"), { hero = hero })
end

M.modify = {
  may_act = function(ctx)
    local data = effects.data(ctx.self)
    if data and data.hero == ctx.args.figure and ctx.args.what == "move" then return 0 end
    return ctx.args.amount
  end,
}

return M
