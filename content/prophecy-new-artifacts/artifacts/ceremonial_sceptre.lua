-- The Ceremonial Sceptre (WR D-29), the Banner of Doom's pair: once per
-- turn (`used_on` = the turn's number), in its holder's chance phase
-- before the card is drawn, every other character on the base board loses
-- effect.magic magic. Like the Banner, the option replaces the phase's
-- "draw" answer, so the draw is asked again after (and still comes where
-- no card is drawn, the Heroic Solution's final battle).
local C = require "items.cards"

return C.wave("magic", "card.ceremonial_sceptre.raise", "card.ceremonial_sceptre.raised")
