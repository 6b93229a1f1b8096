-- Riel's Eagle Eye (L3), components §3.9: her weapon `effect.weapon` (the
-- Long Bow) reaches the ability's `range`. H3 asks the channel `range`
-- {figure, ability} for an attack's range; this answers it.
local T = tabula
local P = require "rules.passives"
local M = {}

M.modify = {
  range = function(ctx)
    local riel, a = P.ready(ctx.self), ctx.args
    if riel and a.figure == riel and T.def(a.ability) == P.effect(ctx.self, "weapon") then
      return math.max(a.amount, P.prop(ctx.self, "range"))
    end
    return a.amount
  end,
}

return M
