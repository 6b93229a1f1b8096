-- The Winged Boots (D-28): a movement card kept after use: instead of the
-- turn's movement, fly for free to any space up to effect.steps ring
-- steps away, either way.
local T = tabula
local C = require "items.cards"

return C.travel("card.winged_boots.fly", function(card, here) return C.within(here, T.get(card, "effect").steps) end)
