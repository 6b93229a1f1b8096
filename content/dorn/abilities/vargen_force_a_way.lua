-- Vargen's Force a Way (L2), components §3.10, dorn.md §2.3, §4.4.3: he
-- may move through fields held by monsters or heroes (the channel
-- `may_pass` {figure, field} that rules/board.lua asks), but may not end
-- his move there: the rules already forbid stopping on an occupied field.
local P = require "rules.passives"
local M = {}

M.modify = {
  may_pass = function(ctx)
    if P.effect(ctx.self, "pass_through") and P.ready(ctx.self) == ctx.args.figure then return 1 end
    return ctx.args.amount
  end,
}

return M
