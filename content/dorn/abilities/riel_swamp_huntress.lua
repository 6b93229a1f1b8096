-- Riel's Swamp Huntress (L2), components §3.9: her attacks deal the
-- ability's `damage` to monsters of type `effect.against` (hermans): a
-- `damage` modifier on her attack wounds.
local T = tabula
local P = require "rules.passives"
local M = {}

M.modify = {
  damage = function(ctx)
    local riel, a = P.ready(ctx.self), ctx.args
    if riel and a.by == riel and a.how == "attack" and T.def(a.target) == P.effect(ctx.self, "against") then
      return math.max(a.amount, P.prop(ctx.self, "damage"))
    end
    return a.amount
  end,
}

return M
