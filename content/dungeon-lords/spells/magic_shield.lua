-- Magic Shield (fast): the first points of damage dealt this round (the
-- card's `absorb`) are absorbed.
local T = tabula
local F = require "rules.fight"
local M = {}

function M.cast(ctx) F.of(ctx.args.seat).shield = T.get(ctx.self, "absorb") end

M.modify = {
  damage = function(ctx)
    local combat, amount = T.combat(), ctx.args.amount
    local fight = combat and F.of(combat.seat)
    local left = fight and fight.shield or 0
    if amount > 0 and left > 0 then
      local absorbed = math.min(left, amount)
      fight.shield = left - absorbed
      T.log({ "spell.magic_shield_n", seat = combat.seat, n = absorbed })
      return amount - absorbed
    end
    return amount
  end,
}

return M
