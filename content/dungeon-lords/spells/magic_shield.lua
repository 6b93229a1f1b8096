-- Magic Shield (fast): the first point of damage dealt this round is absorbed.
local T = tabula
local F = require "rules.fight"
local M = {}

function M.cast(ctx) F.set(ctx.args.seat, "shield", 1) end

M.modify = {
  damage = function(ctx)
    local fight = T.combat()
    local amount = ctx.args.amount
    if fight and amount > 0 and F.get(fight.seat, "shield") == 1 then
      F.set(fight.seat, "shield", 0)
      T.log("The magic shield absorbs 1 damage")
      return amount - 1
    end
    return amount
  end,
}

return M
