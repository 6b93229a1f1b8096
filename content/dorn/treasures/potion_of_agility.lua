-- TR11 Potion of Agility (dorn.md §6.9): `attacks` more attacks (or
-- spells) for the hero who drinks it, this turn (`lasts`); H3 asks the
-- channel `attacks`.
local treasures = require "rules.treasures"

return treasures.used_at_once { modify = { attacks = treasures.adds("attacks") } }
