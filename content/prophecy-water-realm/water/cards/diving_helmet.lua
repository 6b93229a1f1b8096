-- The Diving Helmet (D-34 WP-7): no bubble at the start of the first turn of
-- each visit.
local C = require "items.cards"
local M = {}

M.modify = {
  start_bubble = function(ctx)
    if ctx.args.first and C.holder(ctx.self) == ctx.args.character then return 0 end
    return ctx.args.amount
  end,
}

return M
