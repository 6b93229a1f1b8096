-- Guide (§6.4): Light +2 (printed). VILLAGE: you may buy 1 more card this
-- turn (the total cost within your gold, §4.2 V4).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "village", { { fn = "guide", label = { "fx_village.guide", n = E.n(ctx.self, "buys") } } })
end

function M.guide(ctx) C.turn().buys = C.turn().buys + E.n(ctx.self, "buys") end

return M
