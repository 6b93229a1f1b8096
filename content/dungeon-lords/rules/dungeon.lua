-- Dungeon geometry (§4.1.5): squares on a 5 x 4 grid, the entrance above
-- (c3, r1); distance = fewest steps from the entrance through dungeon
-- squares of any state (Q-DIST: the entrance square is at distance 1).
local T = tabula
local D = {}

D.ENTRANCE_C, D.ENTRANCE_R = 3, 1

function D.squares(seat) return T.zone("dungeon", seat) end

-- A square's place as one number, and the four steps to its neighbours.
local function place(c, r) return c * 100 + r end
local STEPS = { 100, -100, 1, -1 }

-- Every square of a seat's dungeon by its place: { [place] = id }.
local function by_place(seat)
  local at = {}
  for _, sq in ipairs(D.squares(seat)) do at[place(T.get(sq, "c"), T.get(sq, "r"))] = sq end
  return at
end

function D.at(seat, c, r) return by_place(seat)[place(c, r)] end

function D.intact(sq) return not T.get(sq, "conquered") end
function D.is_room(sq) return T.kind(sq) == "room" end

-- Distance of every square reachable from the entrance: { [id] = n }.
function D.distances(seat)
  local at, dist = by_place(seat), {}
  local start = at[place(D.ENTRANCE_C, D.ENTRANCE_R)]
  if not start then return dist end
  dist[start] = 1
  local queue, head = { start }, 1
  while head <= #queue do
    local sq = queue[head]
    head = head + 1
    local here = place(T.get(sq, "c"), T.get(sq, "r"))
    for i = 1, #STEPS do
      local n = at[here + STEPS[i]]
      if n and not dist[n] then
        dist[n] = dist[sq] + 1
        queue[#queue + 1] = n
      end
    end
  end
  return dist
end

-- §4.6.2 A.1: the intact squares nearest the entrance, in grid order.
function D.battlefields(seat)
  local dist, best, out = D.distances(seat), nil, {}
  for _, sq in ipairs(D.squares(seat)) do
    local d = dist[sq]
    if d and D.intact(sq) and (not best or d < best) then best = d end
  end
  for _, sq in ipairs(D.squares(seat)) do
    if dist[sq] == best and D.intact(sq) then out[#out + 1] = sq end
  end
  table.sort(out, function(a, b)
    local ra, rb = T.get(a, "r"), T.get(b, "r")
    if ra ~= rb then return ra < rb end
    return T.get(a, "c") < T.get(b, "c")
  end)
  return out
end

-- The square as a text ("Tunnel at c3 r1").
function D.label(sq)
  return { "square.at", square = sq, c = T.get(sq, "c"), r = T.get(sq, "r") }
end

function D.option_id(sq) return "c" .. T.get(sq, "c") .. "r" .. T.get(sq, "r") end

-- A room's combat effect works only while it is intact (§4.6.4).
function D.room_effect(sq, prop)
  if not sq or not D.is_room(sq) or not D.intact(sq) then return nil end
  return T.get(sq, prop)
end

return D
