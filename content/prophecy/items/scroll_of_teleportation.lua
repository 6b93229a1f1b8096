-- The Scroll of Teleportation (WR §2.1 #23, D-28): a movement card, used
-- up: instead of the turn's movement, to any other space of the base board.
local C = require "items.cards"

return C.travel("card.scroll_of_teleportation.read", function(_, here) return C.other_spaces(here) end, { used_up = true })
