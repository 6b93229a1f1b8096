-- The Royal Cloak (D-29): a movement card; once per turn (`used_on` = the
-- turn's number), instead of the normal movement, to any space of the base board.
local C = require "items.cards"

return C.travel("card.royal_cloak.wear", function(_, here) return C.other_spaces(here) end, { once = true })
