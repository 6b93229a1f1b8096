-- Prayer and Concentration (D-27, PB §5.2): in effect.combat combat their
-- holder rolls twice and keeps the better roll - one die more in the
-- channel `rolls`, which keeps the best.
local T = tabula
local C = require "items.cards"
local M = {}

M.modify = {
  rolls = function(ctx)
    local a = ctx.args
    if a.combat == T.get(ctx.self, "effect").combat and C.holder(ctx.self) == a.fighter then return a.amount + 1 end
    return a.amount
  end,
}

return M
