-- Magic Shield (fast): the first point of damage dealt this round is absorbed.
local T = tabula
local F = require "rules.fight"
local M = {}

function M.cast(ctx) F.of(ctx.args.seat).shield = 1 end

M.modify = {
  damage = function(ctx)
    local combat, amount = T.combat(), ctx.args.amount
    local fight = combat and F.of(combat.seat)
    if fight and amount > 0 and fight.shield == 1 then
      fight.shield = 0
      T.log("spell.magic_shield")
      return amount - 1
    end
    return amount
  end,
}

return M
