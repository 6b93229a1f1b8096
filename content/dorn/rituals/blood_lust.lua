-- R4 Blood Lust (dorn.md §6.7): this Lord turn every monster has
-- `move` more movement.
local T = tabula
local rituals = require "rules.rituals"
local M = {}

function M.play() end

M.modify = {
  move = function(ctx)
    if rituals.data(ctx) and T.kind(ctx.args.figure) == "monster" then
      return ctx.args.amount + T.get(ctx.self, "move")
    end
    return nil
  end,
}

return M
