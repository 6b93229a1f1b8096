-- P5, hero distribution (§4.3.5): the heroes forecast for this round go, the
-- weakest first, to the lords from the most good to the most evil; a
-- fighter pushes to the front of the party, behind the paladin.
local T = tabula
local E = require "rules.evil"
local seats = require "std.seats"
local M = {}

-- Item 2: most good first. Ties: the lord closer to the starting player is
-- nicer; the 2-player dummy cube is nicer than any lord it ties with.
local function ranking()
  local rank = {}
  for seat = 1, T.seats() do
    rank[#rank + 1] = { seat = seat, evil = E.evil(seat), order = seats.distance(seat) }
  end
  if T.var("dummy_evil") then rank[#rank + 1] = { evil = T.var("dummy_evil"), order = -1 } end
  table.sort(rank, function(a, b)
    if a.evil ~= b.evil then return a.evil < b.evil end
    return a.order < b.order
  end)
  return rank
end

-- Item 4: arrival order, except that a fighter takes the first spot.
function M.join_party(seat, hero)
  if T.get(hero, "class") == "fighter" then
    local first = T.zone("party", seat)[1]
    local behind_paladin = first and T.get(first, "class") == "paladin"
    T.move(hero, "party", seat, behind_paladin and 2 or 1)
  else
    T.move(hero, "party", seat)
  end
end

function M.distribute()
  if T.var("dummy_evil") then E.move_dummy(T.param("dummy_cube_before_heroes")) end
  local rank = ranking()
  for i, hero in ipairs(T.zone("heroes_now")) do
    local to = rank[i]
    if not to then
      T.move(hero, "distant_lands")
    elseif to.seat then
      M.join_party(to.seat, hero)
      T.log({ "heroes.arrives", seat = to.seat, hero = hero })
    else
      T.move(hero, "distant_lands")
      T.log({ "heroes.to_dummy", hero = hero })
    end
  end
end

return M
