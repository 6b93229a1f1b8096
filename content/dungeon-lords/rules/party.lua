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

-- An option label: the hero with his damage and hit points.
function P.label(hero)
  return { "hero.label", hero = hero, damage = T.get(hero, "damage"), hp = T.get(hero, "hp") }
end

return P
