-- Who stands where. The map's areas are zones (zones = true), so every
-- answer here is read from the kernel's zones and graph; nothing is kept.
local T = tabula
local list = require "std.list"

local B = {}

function B.on_board(id)
  local zone = T.where(id)
  return zone ~= nil and zone ~= "fallen" and zone ~= "lair"
end

-- The figures of `kind` in one area.
function B.in_area(area, kind)
  return list.filter(T.zone(area), function(id) return T.kind(id) == kind end)
end

-- The figures of `kind` on the board, area by area.
function B.standing(kind)
  local out = {}
  for _, area in ipairs(T.nodes("map")) do
    for _, id in ipairs(B.in_area(area, kind)) do out[#out + 1] = id end
  end
  return out
end

-- The areas holding a figure of `kind`, as a set (what tabula.path takes as blocked).
function B.held_by(kind)
  local set = {}
  for _, id in ipairs(B.standing(kind)) do set[T.where(id)] = true end
  return set
end

local function enemy(id) return T.kind(id) == "hero" and "monster" or "hero" end

-- A figure arrives in an area: heroes spring traps and may win.
function B.arrive(id, area)
  if T.kind(id) ~= "hero" then return end
  local tags = T.node_tags(area)
  if list.contains(tags, "trap") then
    T.log { "map.trap", who = id, where = area }
    T.damage(id, T.param("trap_damage"), { source = "trap" })
  end
  if B.on_board(id) and list.contains(tags, "goal") then T.game_over({ winners = T.group("heroes"), side = "heroes" }, "map.heroes_win") end
end

-- Moving into an area the other side holds is a fight with everyone there
-- (the mover takes the area if it wins: battle.lua); otherwise a plain move.
function B.go(id, area)
  local foes = B.in_area(area, enemy(id))
  if #foes > 0 then
    T.log { "map.fight", who = id, where = area }
    T.start("battle", { attackers = { id }, defenders = foes, to = area })
  else
    T.move(id, area)
    B.arrive(id, area)
  end
end

-- Where a hunting monster steps: along a shortest path to the nearest
-- hero, around the other monsters. Nil when no hero can be reached.
function B.hunt_step(monster)
  local at, best, best_d = T.where(monster), nil, nil
  for _, hero in ipairs(B.standing("hero")) do
    local d = T.distance(at, T.where(hero))
    if d and (best_d == nil or d < best_d) then best, best_d = hero, d end
  end
  if not best then return nil end
  local path = T.path(at, T.where(best), B.held_by("monster"))
  return path and path[1]
end

-- True when no monster stands within `range` of the area.
function B.safe(area, range)
  for _, near in ipairs(T.within(area, range)) do
    if #B.in_area(near, "monster") > 0 then return false end
  end
  return true
end

return B
