-- The Bronze Steed (WR D-29): a movement card. Instead of the turn's
-- movement, its holder rides for free to any ring space up to
-- effect.steps steps away, either way. A movement option, so a rule that
-- forbids moving (the channel `may_move`) leaves it out.
local T = tabula
local C = require "items.cards"

return C.travel("card.bronze_steed.ride", function(card, here) return C.within(here, T.get(card, "effect").steps) end)
