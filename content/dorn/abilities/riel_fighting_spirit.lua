-- Riel's Fighting Spirit (L2), components §3.9: once per turn, when she
-- kills a monster of weight `effect.on_kill_weight` in her turn, she has
-- `effect.attacks` more attacks (the channel `attacks` {figure}).
local T = tabula
local P = require "rules.passives"
local M = {}

M.on = {
  monster_killed = function(ctx)
    local riel = P.ready(ctx.self)
    if riel and ctx.args.by == riel and P.heroes_turn() and P.uses(ctx.self) == 0
        and T.def_get(T.def(ctx.args.target), "weight") == P.effect(ctx.self, "on_kill_weight") then
      P.use(ctx.self)
    end
  end,
}

M.modify = {
  attacks = function(ctx)
    local riel = P.ready(ctx.self)
    if riel == ctx.args.figure and P.uses(ctx.self) > 0 then
      return ctx.args.amount + P.effect(ctx.self, "attacks")
    end
    return ctx.args.amount
  end,
}

return M
