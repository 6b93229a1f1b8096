-- Shipboard Services (D-27): ship voyages cost its holder nothing, and
-- each one earns it effect.gold gold.
local T = tabula
local C = require "items.cards"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

M.modify = {
  fare = function(ctx)
    if ctx.args.how == "ship" and C.holder(ctx.self) == ctx.args.character then return 0 end
    return ctx.args.amount
  end,
}

M.on = {
  moved = function(ctx)
    local char, seat = C.holder(ctx.self)
    if ctx.args.how ~= "ship" or char ~= ctx.args.character then return end
    local gold = T.get(ctx.self, "effect").gold
    resources.add(seat, "gold", gold)
    T.log({ "card.effect.gold", card = ctx.self, who = names.who(char), n = gold })
  end,
}

return M
