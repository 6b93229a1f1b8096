-- Eleanor's Astral Leap (L3), components §3.6: once per turn, while moving,
-- she may teleport up to `effect.teleport` fields (§4.4.6): an H2 option.
-- A teleport is no walk: her `steps` stay (TV-53).
local P = require "rules.passives"
local M = {}

M.extend = {
  h2_actions = function(ctx)
    local eleanor = P.ready(ctx.self)
    if not eleanor or not P.h2_mover(eleanor, ctx.args.seat) then return nil end
    if P.prop(ctx.self, "once_per_turn") and P.uses(ctx.self) > 0 then return nil end
    return P.teleport_option(ctx.self, eleanor, P.effect(ctx.self, "teleport"), "astral_leap", "passive.astral_leap")
  end,
}

return M
