-- Slippery Escape (D-38 U-2): fleeing a water monster costs no extra bubbles.
local C = require "items.cards"
local M = {}

M.modify = {
  flee_bubbles = function(ctx)
    if C.holder(ctx.self) == ctx.args.character then return 0 end
    return ctx.args.amount
  end,
}

return M
