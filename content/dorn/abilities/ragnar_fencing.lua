-- Ragnar's Fencing (L1), components §3.5: once per turn, if he has not
-- moved this turn (no step walked, TV-53), he has `effect.attacks` more
-- attacks: an answer to the channel `attacks` {figure} that H3 asks.
local P = require "rules.passives"
local M = {}

M.modify = {
  attacks = function(ctx)
    local ragnar = P.ready(ctx.self)
    local amount = ctx.args.amount
    if ragnar ~= ctx.args.figure or not P.heroes_turn() then return amount end
    if P.effect(ctx.self, "if_not_moved") and not P.not_moved(ragnar) then return amount end
    return amount + P.effect(ctx.self, "attacks")
  end,
}

return M
