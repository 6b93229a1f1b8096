-- The markets of the Town and the Village (PB §7, D-19): the goods shown
-- there are bought at their printed price; any item sells there for half
-- its price, rounded up (WR §2.1 #20). Town Merchant and Peddler replace
-- the goods (chance/market.lua).
local T = tabula
local deck = require "rules.deck"
local death = require "rules.death"
local M = {}

-- Discards the goods of `where` ("town" or "village") and lays out new
-- ones: the param `<where>_goods` says how many of each deck.
function M.restock(where)
  local zone = where .. "_goods"
  for _, it in ipairs(T.zone(zone)) do death.discard(it) end
  local goods = T.param(where .. "_goods")
  for _, d in ipairs { "common", "rare" } do
    for _ = 1, goods[d] or 0 do
      local it = deck.draw(d .. "_deck", d .. "_discard")
      if it then
        T.move(it, zone)
        T.turn(it, true)
      end
    end
  end
end

-- Half the price, rounded up, plus the `sell_bonus` of the seller's
-- abilities (the guilds' Trade cards, D-27); the channel `sale_price` lets a
-- card change it.
function M.sale_price(item, seat)
  local price = (T.get(item, "price") + 1) // 2
  for _, ab in ipairs(T.zone("abilities", seat)) do price = price + (T.get(ab, "effect").sell_bonus or 0) end
  return T.modify("sale_price", price, { item = item, seat = seat })
end

function M.price(item, seat)
  return T.modify("buy_price", T.get(item, "price"), { item = item, seat = seat })
end

return M
