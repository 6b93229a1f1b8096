-- The party at a dungeon's entrance (§5.2): front first; knocked-out heroes
-- are in prison, so everyone in the party zone still stands.
local T = tabula
local list = require "std.list"
local P = {}

function P.heroes(seat) return T.zone("party", seat) end
function P.first(seat) return P.heroes(seat)[1] end
function P.class(hero) return T.get(hero, "class") end
function P.in_party(seat, hero) return list.contains(P.heroes(seat), hero) end

-- Sum of an icon (disarm, heal, crystal) over the standing heroes.
function P.sum(seat, icon)
  return list.sum(P.heroes(seat), function(h) return T.get(h, icon) end)
end

-- An option label: the hero with the hit points he has left, written as
-- the screen writes them ("hp 2/4").
function P.label(hero)
  local hp = T.get(hero, "hp")
  return { "hero.label", hero = hero, left = hp - T.get(hero, "damage"), hp = hp }
end

return P
