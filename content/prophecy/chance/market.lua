-- Town Merchant and Peddler (PB §6.2, D-19): the goods of the card's market are replaced.
local T = tabula
local market = require "rules.market"
local M = {}

function M.resolve(ctx) market.restock(T.get(ctx.self, "effect").market) end

return M
