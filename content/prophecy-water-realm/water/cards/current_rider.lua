-- Current Rider (D-34 WP-11): carried by a current, the holder chooses the
-- direction instead of rolling.
local C = require "items.cards"
local M = {}

M.modify = {
  choose_current = function(ctx)
    if C.holder(ctx.self) == ctx.args.character then return 1 end
    return ctx.args.amount
  end,
}

return M
