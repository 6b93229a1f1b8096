-- Treasure 4c (D-30): a movement card kept after use; once per turn
-- (`used_on` = the turn's number), instead of the turn's movement, to any
-- other space of the base board (the island too; never into an astral
-- world, which is no space of the base board).
local C = require "items.cards"

return C.travel("card.treasure_4c.use", function(_, here) return C.other_spaces(here) end, { once = true })
