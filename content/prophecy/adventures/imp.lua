-- The Imp (D-26): the character discards one item (not an artifact: those
-- lie apart) and gains as much gold as its full price.
local T = tabula
local C = require "items.cards"

local function full_price(_, _, item) return T.get(item, "price") end

return C.barter("gold", full_price, "card.imp.trade", "card.imp.traded")
