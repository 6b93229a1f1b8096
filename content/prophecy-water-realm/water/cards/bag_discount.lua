-- Deep Lungs and Blessing of the Tides (D-38 U-3, U-5): at entry, the next
-- larger bag for the price paid (`effect.larger`), or a bag `effect.cheaper`
-- gold cheaper.
local T = tabula
local C = require "items.cards"
local M = {}

M.modify = {
  bag_price = function(ctx)
    local e = T.get(ctx.self, "effect")
    if e.cheaper and C.holder(ctx.self) == ctx.args.character then return math.max(0, ctx.args.amount - e.cheaper) end
    return ctx.args.amount
  end,
  bag_bubbles = function(ctx)
    local e = T.get(ctx.self, "effect")
    if e.larger and C.holder(ctx.self) == ctx.args.character then
      local next = T.param("air_bags")[ctx.args.bag + e.larger]
      if next then return next.bubbles end
    end
    return ctx.args.amount
  end,
}

return M
