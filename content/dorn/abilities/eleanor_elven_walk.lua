-- Eleanor's Elven Walk (L1), components §3.6: if she does not move in her
-- turn, she may teleport up to `effect.teleport` fields (§4.4.6). An H2
-- option while she has walked no step (`effect.if_not_moved`, TV-53); the
-- teleport takes the place of her walk, so afterwards she walks no more
-- this turn (the channel `may_act`, what = "move").
local P = require "rules.passives"
local M = {}

M.extend = {
  h2_actions = function(ctx)
    local eleanor = P.ready(ctx.self)
    if not eleanor or P.uses(ctx.self) > 0 or not P.h2_mover(eleanor, ctx.args.seat) then return nil end
    if P.effect(ctx.self, "if_not_moved") and not P.not_moved(eleanor) then return nil end
    return P.teleport_option(ctx.self, eleanor, P.effect(ctx.self, "teleport"), "elven_walk", "passive.elven_walk")
  end,
}

M.modify = {
  may_act = function(ctx)
    local a = ctx.args
    if a.what == "move" and P.ready(ctx.self) == a.figure and P.uses(ctx.self) > 0 then return 0 end
    return a.amount
  end,
}

return M
