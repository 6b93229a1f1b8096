-- Treasure 3c (D-30): forcing a fight by willpower costs its holder
-- effect.force_cost magic less (its +1 in every fight is its `bonus`).
local T = tabula
local C = require "items.cards"
local M = {}

M.modify = {
  force_cost = function(ctx)
    if C.holder(ctx.self) ~= ctx.args.payer then return ctx.args.amount end
    return ctx.args.amount - T.get(ctx.self, "effect").force_cost
  end,
}

return M
