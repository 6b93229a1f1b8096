-- Horsemanship (D-27): riding a horse costs its holder nothing.
local C = require "items.cards"
local M = {}

M.modify = {
  fare = function(ctx)
    if ctx.args.how == "horse" and C.holder(ctx.self) == ctx.args.character then return 0 end
    return ctx.args.amount
  end,
}

return M
