-- The ring of twenty spaces (PB §2.1) and who stands where. Read once when
-- the module loads: the params and the graph are the same for every game.
local T = tabula
local M = {}

M.RING = T.param("ring")
M.GUILDS = T.param("guilds")
M.SPHERES = T.param("spheres")

M.INDEX = {}
for i, s in ipairs(M.RING) do M.INDEX[s] = i - 1 end

local TAGS = {}
for _, s in ipairs(T.nodes("ring")) do
  local set = {}
  for _, tag in ipairs(T.node_tags(s)) do set[tag] = true end
  TAGS[s] = set
end

function M.tagged(space, tag) return TAGS[space] ~= nil and TAGS[space][tag] == true end

-- On the circle of twenty spaces.
function M.on_ring(space) return space ~= nil and M.INDEX[space] ~= nil end

-- On the base board: a node of the graph `ring`, the circle or a space an
-- expansion adds to it (Treasure Island); not an astral world's cell.
local BOARD = {}
for _, s in ipairs(T.nodes("ring")) do BOARD[s] = true end
function M.on_board(space) return space ~= nil and BOARD[space] == true end

-- Every space of the base board: the circle in ring order, then the spaces
-- an expansion adds off the circle, in node order.
M.SPACES = {}
for _, s in ipairs(M.RING) do M.SPACES[#M.SPACES + 1] = s end
for _, s in ipairs(T.nodes("ring")) do
  if M.INDEX[s] == nil then M.SPACES[#M.SPACES + 1] = s end
end

-- forest, mountains, plains, or "" for a civilization space.
function M.terrain(space)
  for _, t in ipairs(T.param("terrains")) do
    if M.tagged(space, "terrain:" .. t) then return t end
  end
  return ""
end

-- The guild whose space this is, or nil.
function M.guild_of(space)
  for _, g in ipairs(M.GUILDS) do
    if M.tagged(space, "guild:" .. g) then return g end
  end
  return nil
end

-- The space n steps clockwise (n < 0: counter-clockwise); D-13.
function M.step(space, n)
  local i = (M.INDEX[space] + n) % #M.RING
  return M.RING[i + 1]
end

-- Fewest ring steps between two spaces, either way.
function M.distance(a, b)
  local d = math.abs(M.INDEX[a] - M.INDEX[b])
  return math.min(d, #M.RING - d)
end

function M.all_tagged(tag)
  local out = {}
  for _, s in ipairs(M.RING) do
    if M.tagged(s, tag) then out[#out + 1] = s end
  end
  return out
end

-- The next port clockwise (dir 1) or counter-clockwise (dir -1).
function M.next_port(space, dir)
  local s = space
  for _ = 1, #M.RING do
    s = M.step(s, dir)
    if M.tagged(s, "port") then return s end
  end
  return nil
end

-- The spheres attacked from this space.
function M.spheres_at(space)
  local out = {}
  for _, sp in ipairs(M.SPHERES) do
    if M.tagged(space, "entry:" .. sp) then out[#out + 1] = sp end
  end
  return out
end

function M.entries(sphere) return M.all_tagged("entry:" .. sphere) end

-- Characters ------------------------------------------------------------

-- The character of a seat (its card and figure), or nil before setup.
function M.character(seat)
  local h = T.var("hero")
  return h and h[seat] or nil
end

function M.seat_of(char) return T.owner(char) end

-- Where a character's figure stands: a ring space, or the zone an
-- expansion put it in (a realm's cell).
function M.where(char) return (T.where(char)) end

-- Every character still in the game, in seat order.
function M.characters()
  local out = {}
  local h = T.var("hero") or {}
  for seat = 1, T.seats() do
    local c = h[seat]
    if c and not T.get(c, "out") then out[#out + 1] = c end
  end
  return out
end

-- The entities of one kind lying on a space, front first.
function M.on_space(space, kind)
  local out = {}
  for _, id in ipairs(T.zone(space)) do
    if kind == nil or T.kind(id) == kind then out[#out + 1] = id end
  end
  return out
end

function M.adventures(space) return M.on_space(space, "adventure") end

function M.monsters(space)
  local out = {}
  for _, id in ipairs(T.zone(space)) do
    if T.kind(id) == "adventure" and T.get(id, "type") == "monster" then out[#out + 1] = id end
  end
  return out
end

-- Artifacts lying on a space (a dead character's, PB §5.3).
function M.lying_artifacts(space)
  local out = {}
  for _, id in ipairs(T.zone(space)) do
    if T.kind(id) == "item" and T.get(id, "deck") == "artifact" then out[#out + 1] = id end
  end
  return out
end

function M.artifacts_of(seat) return T.zone("artifacts", seat) end

function M.artifact_count(seat) return T.count("artifacts", seat) end

return M
