-- Ragnar's Transmuted Blood (L2), components §3.5: the on-hit effect of a
-- monster of type `effect.immune_to` (the mummy: no moving or attacking in
-- the hero's next turn) does not touch him; its wound still does. The
-- monster's script asks the channel `on_hit` {target, attacker} (1: its
-- on-hit effect applies, 0: it does not) before it holds the hero.
local T = tabula
local P = require "rules.passives"
local M = {}

M.modify = {
  on_hit = function(ctx)
    local ragnar, a = P.ready(ctx.self), ctx.args
    if ragnar and a.target == ragnar and T.def(a.attacker) == P.effect(ctx.self, "immune_to") then return 0 end
    return a.amount
  end,
}

return M
