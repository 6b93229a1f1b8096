-- Eleanor's Pike Expert (L2), components §3.6: her pike may also hit an
-- adjacent monster (the exception to "exactly 2", OQ-06). H3 asks the
-- channel `pike_adjacent` {figure, ability} (1: the pike reaches an
-- adjacent field too; reach.reaches's `opts.adjacent`); this answers 1
-- when `effect.pike_min_range` is 1.
local P = require "rules.passives"
local M = {}

M.modify = {
  pike_adjacent = function(ctx)
    if P.ready(ctx.self) == ctx.args.figure and P.effect(ctx.self, "pike_min_range") <= 1 then return 1 end
    return ctx.args.amount
  end,
}

return M
