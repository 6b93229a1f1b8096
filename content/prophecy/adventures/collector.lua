-- The Collector (D-26): buys one of the character's items for its full
-- price, then leaves. Artifacts lie apart (zone `artifacts`) and are never
-- sold. With nothing worth selling he offers nothing: he "cannot be used
-- empty" (seed) and stays. A sale like the market's: cards that reward
-- selling hear of it (the event `sold`).
local T = tabula
local C = require "items.cards"

local function full_price(_, _, item) return T.get(item, "price") end

local function sold(t, item) T.emit("sold", { seat = t.seat, character = t.char, item = item }) end

return C.barter("gold", full_price, "card.collector.sell", "card.collector.sold", sold)
