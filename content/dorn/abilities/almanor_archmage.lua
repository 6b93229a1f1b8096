-- Almanor's Archmage (L3), components §3.4: the spells of
-- `effect.free_spells` (Fireball, Ice Storm) no longer cost him a life.
-- H3 asks the channel `life_cost` {figure, ability} for a harder spell's
-- price (§5.3); this makes it 0.
local T = tabula
local P = require "rules.passives"
local M = {}

M.modify = {
  life_cost = function(ctx)
    local almanor, a = P.ready(ctx.self), ctx.args
    if almanor and a.figure == almanor then
      for _, d in ipairs(P.effect(ctx.self, "free_spells")) do
        if T.def(a.ability) == d then return 0 end
      end
    end
    return a.amount
  end,
}

return M
