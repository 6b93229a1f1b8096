-- TR10 Potion of Light Feet (dorn.md §6.9): `move` more fields of
-- movement for the hero who drinks it, this turn (`lasts`).
local treasures = require "rules.treasures"

return treasures.used_at_once { modify = { move = treasures.adds("move") } }
