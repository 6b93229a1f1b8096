-- The board as the rules see it: who stands where, which fields are one
-- (the teleports' faces, dorn.md §2.4.4), and which steps a figure may take
-- (§2.3, §4.4). Every field is a zone of the graph `board`.
local T = tabula
local M = {}

local TELEPORTS = T.param("teleports")

-- A teleport face's other face; nil for any other field.
local twin_of = {}
for _, pair in pairs(TELEPORTS) do
  twin_of[pair[1]], twin_of[pair[2]] = pair[2], pair[1]
end

local FIGURE = { hero = true, monster = true, lord_figure = true }

function M.is_figure(id) return FIGURE[T.kind(id)] == true end

-- Tokens that stand on a field as an obstacle (§2.4.5): nobody enters or
-- shoots through their field, and heroes may attack them. The barriers of
-- the Ritual The Earth Awakens; the cave-ins of variant 15.c.
local OBSTACLE = { barrier = true, cavein = true }

function M.is_obstacle(id) return OBSTACLE[T.kind(id)] == true end

-- Whether an obstacle token stands on `field`.
function M.obstacle(field)
  for _, id in ipairs(T.zone(field)) do
    if OBSTACLE[T.kind(id)] then return true end
  end
  return false
end

function M.twin(field) return twin_of[field] end

local FIELD = {}
for _, f in ipairs(T.nodes("board")) do FIELD[f] = true end

-- Whether a figure or token stands on the board (not in a pile, off the
-- board as the Astral Traveller, or dead).
function M.on_board(id) return FIELD[T.where(id) or ""] == true end

-- The field a figure or token stands on (a node of the board), or nil.
function M.field(id)
  local zone = T.where(id)
  return zone
end

-- The figures on a field, counting both faces of a teleport as one field.
function M.figures(field)
  local out = {}
  for _, id in ipairs(T.zone(field)) do
    if M.is_figure(id) then out[#out + 1] = id end
  end
  local twin = twin_of[field]
  if twin then
    for _, id in ipairs(T.zone(twin)) do
      if M.is_figure(id) then out[#out + 1] = id end
    end
  end
  return out
end

function M.tagged(field, tag)
  for _, t in ipairs(T.node_tags(field)) do
    if t == tag then return true end
  end
  return false
end

function M.region(field, name) return M.tagged(field, "region:" .. name) end

-- A figure's lives now: the kernel's hit points less its damage.
function M.life(id) return T.get(id, "max_life") - T.get(id, "wounds") end

function M.gate_open() return T.var("gate") == "open" end

-- §2.3: one figure a field, any number of heroes in Argos.
local function may_stop(id, field, others)
  if #others == 0 then return true end
  if T.kind(id) ~= "hero" or not M.tagged(field, "multi_hero") then return false end
  for _, o in ipairs(others) do
    if T.kind(o) ~= "hero" then return false end
  end
  return true
end

-- The figures on `field` other than `id`.
local function others_on(id, field)
  local out = {}
  for _, o in ipairs(M.figures(field)) do
    if o ~= id then out[#out + 1] = o end
  end
  return out
end

function M.may_stop(id, field) return may_stop(id, field, others_on(id, field)) end

-- §4.4.3: a hero passes through heroes on Path fields only; a figure with
-- a pass-through ability (Vargen's Force a Way) answers the channel
-- `may_pass` {figure, field} with 1.
local function may_pass(id, field, others)
  if may_stop(id, field, others) then return true end
  if T.kind(id) == "hero" and M.tagged(field, "path") then
    local heroes_only = true
    for _, o in ipairs(others) do
      if T.kind(o) ~= "hero" then heroes_only = false break end
    end
    if heroes_only then return true end
  end
  return T.modify("may_pass", 0, { figure = id, field = field }) > 0
end

-- §4.4.4: fields a figure may never enter, whoever stands there.
local function forbidden(id, field)
  if field == "gate" and not M.gate_open() then return true end
  if M.obstacle(field) then return true end
  return T.kind(id) ~= "hero" and M.tagged(field, "path")
end

-- Whether, from `field` with `left` steps, the figure can reach a field it
-- may stop on (it may not end its move on an occupied field).
local function can_end(id, field, left, seen)
  if M.may_stop(id, field) then return true end
  if left == 0 then return false end
  seen[field] = true
  for _, n in ipairs(T.adjacent(field)) do
    if not seen[n] and not forbidden(id, n) then
      local others = others_on(id, n)
      if may_pass(id, n, others) and can_end(id, n, left - 1, seen) then
        seen[field] = nil
        return true
      end
    end
  end
  seen[field] = nil
  return false
end

-- The fields `id` may step to from where it stands, with `left` steps
-- still to go (this step included): adjacent (through a teleport, from
-- either face), not forbidden, passable, and with a legal end in reach.
function M.steps(id, left)
  local out = {}
  if left <= 0 then return out end
  local here = M.field(id)
  for _, n in ipairs(T.adjacent(here)) do
    if not forbidden(id, n) then
      local others = others_on(id, n)
      if may_pass(id, n, others) and can_end(id, n, left - 1, { [here] = true }) then
        out[#out + 1] = n
      end
    end
  end
  return out
end

-- How many monsters of definition `def` stand on the board (the cap of a
-- weak type, §4.7).
function M.count_of(def)
  local n = 0
  for _, id in ipairs(M.all("monster")) do
    if T.def(id) == def then n = n + 1 end
  end
  return n
end

-- The free fields of a region where a figure may be put (summoning, §4.7):
-- no figure on it, in node order.
function M.free_fields(region)
  local out = {}
  for _, f in ipairs(T.nodes("board", "region:" .. region)) do
    if #M.figures(f) == 0 then out[#out + 1] = f end
  end
  return out
end

-- Whether a hero stands on a field adjacent to `field` (either face of a
-- teleport counts).
function M.next_to_hero(field)
  for _, n in ipairs(T.adjacent(field)) do
    for _, o in ipairs(M.figures(n)) do
      if T.kind(o) == "hero" then return true end
    end
  end
  return false
end

-- The heroes of one hero player on the board, in field order.
function M.heroes_of(seat)
  local out = {}
  for _, id in ipairs(M.all("hero")) do
    if T.owner(id) == seat then out[#out + 1] = id end
  end
  return out
end

-- How many hero players still have a hero on the board: with one, a
-- phase that goes round the players in rounds needs no second round.
function M.hero_players_left()
  local n = 0
  for _, seat in ipairs(T.group("heroes")) do
    if #M.heroes_of(seat) > 0 then n = n + 1 end
  end
  return n
end

-- Every figure of a kind on the board, in field order then zone order.
function M.all(kind) return T.placed("board", kind) end

return M
