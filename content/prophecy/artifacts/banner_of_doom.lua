-- The Banner of Doom (D-29): once per turn, in its holder's chance phase
-- before the card is drawn, it is waved: every other character on the base
-- board loses effect.lives lives (the seed: it takes lives from others; it
-- neither reaches into nor works from an astral world).
local C = require "items.cards"

return C.wave("lives", "card.banner_of_doom.wave", "card.banner_of_doom.waved")
