-- No underwater penalty (WR §3.3.15; D-34 WP-5, WP-6, WP-10; D-38 U-1): an
-- item adds none for itself; an ability spares all its holder's hands.
local T = tabula
local C = require "items.cards"
local M = {}

M.modify = {
  hand_cost = function(ctx)
    if T.kind(ctx.self) == "item" then
      if ctx.args.item == ctx.self then return 0 end
    elseif C.holder(ctx.self) == ctx.args.fighter then
      return 0
    end
    return ctx.args.amount
  end,
}

return M
