-- Dungeon geometry (§4.1.5): squares on a 5 x 4 grid, the entrance above
-- (c3, r1); distance = fewest steps from the entrance through dungeon
-- squares of any state (Q-DIST: the entrance square is at distance 1).
local T = tabula
local D = {}

local GRID, ENTRANCE, PLACEMENTS = T.param("grid"), T.param("entrance"), T.param("placements")
D.ENTRANCE_C, D.ENTRANCE_R = ENTRANCE[1], ENTRANCE[2]

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

-- Squares sorted row by row from the surface, each row from column 1.
local function in_grid_order(squares)
  table.sort(squares, function(a, b)
    local ra, rb = T.get(a, "r"), T.get(b, "r")
    if ra ~= rb then return ra < rb end
    return T.get(a, "c") < T.get(b, "c")
  end)
  return squares
end

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
  return in_grid_order(out)
end

-- --- building (§4.1.5, §4.4) -----------------------------------------------

local function on_grid(c, r) return c >= 1 and c <= GRID[1] and r >= 1 and r <= GRID[2] end

-- The no-2x2 rule: digging (c, r) may not fill a 2x2 block.
local function fills_block(at, c, r)
  for dc = -1, 0 do
    for dr = -1, 0 do
      local full = true
      for x = c + dc, c + dc + 1 do
        for y = r + dr, r + dr + 1 do
          if not (x == c and y == r) and not at[place(x, y)] then full = false end
        end
      end
      if full then return true end
    end
  end
  return false
end

-- Empty squares a new tunnel may take: next to the dungeon (any square of
-- it, conquered too), never completing a 2x2 block; in grid order.
function D.diggable(seat)
  local at, out = by_place(seat), {}
  for r = 1, GRID[2] do
    for c = 1, GRID[1] do
      local here = place(c, r)
      if not at[here] and not fills_block(at, c, r) then
        for i = 1, #STEPS do
          if at[here + STEPS[i]] and on_grid(c, r) then
            out[#out + 1] = { c = c, r = r }
            break
          end
        end
      end
    end
  end
  return out
end

function D.dig(seat, c, r)
  local sq = T.create("tunnel", "dungeon", seat)
  T.set(sq, "c", c)
  T.set(sq, "r", r)
  return sq
end

function D.intact_tunnels(seat)
  local out = {}
  for _, sq in ipairs(D.squares(seat)) do
    if T.kind(sq) == "tunnel" and D.intact(sq) then out[#out + 1] = sq end
  end
  return out
end

local function allowed(mask, c, r)
  local row = PLACEMENTS[mask] and PLACEMENTS[mask][r]
  return row ~= nil and row:sub(c, c) == "x"
end

-- Intact plain tunnels that `room` may replace: inside its placement mask,
-- with no room beside it (§4.4 Build Rooms; corners do not count); in grid
-- order.
function D.room_sites(seat, room)
  local at, out = by_place(seat), {}
  local mask = T.get(room, "placement")
  for _, sq in ipairs(D.intact_tunnels(seat)) do
    local c, r = T.get(sq, "c"), T.get(sq, "r")
    if allowed(mask, c, r) then
      local beside = false
      for i = 1, #STEPS do
        local n = at[place(c, r) + STEPS[i]]
        if n and D.is_room(n) then beside = true end
      end
      if not beside then out[#out + 1] = sq end
    end
  end
  return in_grid_order(out)
end

-- The room takes the tunnel's place; the tunnel tile goes to the supply.
function D.build(seat, room, tunnel)
  local c, r = T.get(tunnel, "c"), T.get(tunnel, "r")
  T.remove(tunnel)
  T.move(room, "dungeon", seat)
  T.set_owner(room, seat)
  T.set(room, "c", c)
  T.set(room, "r", r)
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
