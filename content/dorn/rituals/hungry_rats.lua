-- R5 Hungry Rats (dorn.md §6.7): for the rest of the game the monsters of
-- type `monster` (giant rats) have a movement value of
-- `rat_move`. Other changes of movement (Blood Lust) still add to it.
local T = tabula
local rituals = require "rules.rituals"
local M = {}

function M.play() end

M.modify = {
  move = function(ctx)
    local id = ctx.args.figure
    if rituals.data(ctx) and T.kind(id) == "monster" and T.def(id) == T.get(ctx.self, "monster") then
      return ctx.args.amount + T.get(ctx.self, "rat_move") - T.def_get(T.def(id), "move")
    end
    return nil
  end,
}

return M
