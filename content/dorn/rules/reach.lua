-- Who can reach whom: dorn.md §2.4 and §5.1. Melee, pike, shooting and
-- spells, each with its own range rule; none passes through a Teleport
-- (§2.4.4), and monsters never attack a hero on the Path or in Argos
-- (§5.1, OQ-18). The figures of one side are the heroes; of the other, the
-- monsters and Zorkal.
local T = tabula
local board = require "rules.board"
local M = {}

local SIGHT = T.param("sight")
local XY = T.param("field_xy")
local DIAG, DIAG_OF = {}, {}
for _, pair in ipairs(T.param("diag")) do
  DIAG[pair[1] .. " " .. pair[2]], DIAG[pair[2] .. " " .. pair[1]] = true, true
  for i = 1, 2 do
    local of = DIAG_OF[pair[i]] or {}
    of[#of + 1] = pair[3 - i]
    DIAG_OF[pair[i]] = of
  end
end

-- The lines of sight from `from` to `to` (params.sight): a list of lines,
-- each the list of fields it crosses; nil when no line reaches. Only the
-- entry asked for is read: parsing the whole table at every load would
-- cost more than all the games' shots.
local function sight_lines(from, to)
  local n = #to
  for _, e in ipairs(SIGHT[from] or {}) do
    if e == to or (e:sub(1, n) == to and e:sub(n + 1, n + 1) == ":") then
      local lines = {}
      for alt in e:sub(n + 2):gmatch("[^|]+") do
        local line = {}
        for f in alt:gmatch("[^+]+") do line[#line + 1] = f end
        lines[#lines + 1] = line
      end
      if #lines == 0 then lines[1] = {} end
      return lines
    end
  end
  return nil
end

function M.side(id) return T.kind(id) == "hero" and "heroes" or "lord" end

function M.enemies(a, b) return M.side(a) ~= M.side(b) end

local function teleport_faces()
  local out = {}
  for _, pair in pairs(T.param("teleports")) do
    out[#out + 1], out[#out + 2] = pair[1], pair[2]
  end
  table.sort(out)
  return out
end
local FACES = teleport_faces()

-- Fields no attack or spell route enters: both faces of every Teleport,
-- the Gate while it is closed, and what `tabula.collect("obstacles")`
-- adds (the cave-ins of variant 15.c).
function M.blocked(extra)
  local out = {}
  for _, f in ipairs(FACES) do out[#out + 1] = f end
  if not board.gate_open() then out[#out + 1] = "gate" end
  for _, f in ipairs(T.collect("obstacles")) do out[#out + 1] = f end
  for _, f in ipairs(extra or {}) do out[#out + 1] = f end
  return out
end

local function sq(x) return x * x end
local function closer(x, a, b)
  local px, pa, pb = XY[x], XY[a], XY[b]
  return sq(px[1] - pa[1]) + sq(px[2] - pa[2]) < sq(px[1] - pb[1]) + sq(px[2] - pb[2])
end

-- Fields physically next to each other: the movement graph's edges, less
-- those a Teleport adds (a face leads to its twin's neighbours, §2.4.4).
function M.adjacent(a, b)
  if a == b then return false end
  local found = false
  for _, n in ipairs(T.adjacent(a)) do
    if n == b then found = true break end
  end
  if not found then return false end
  local ta, tb = board.twin(a), board.twin(b)
  if ta == b then return false end
  if ta and not closer(b, a, ta) then return false end
  if tb and not closer(a, b, tb) then return false end
  return true
end

-- Fields next to each other for a blow or a touch: physically adjacent,
-- where a figure on a Teleport stands on both its faces (dorn.md §7 TV-51:
-- a hero on T1 may strike a monster next to either face).
function M.touching(a, b)
  for _, x in ipairs { a, board.twin(a) or a } do
    for _, y in ipairs { b, board.twin(b) or b } do
      if M.adjacent(x, y) then return true end
    end
  end
  return false
end

-- Steps from `a` to `b` round corners, entering no Teleport and no field
-- in `blocked`; nil when there is no such route.
function M.route(a, b, blocked)
  if a == b then return 0 end
  local p = T.path(a, b, blocked or M.blocked())
  return p and #p or nil
end

-- Distance for pike and shooting: the route, where two Mine squares that
-- touch at a corner count 2 (§2.4.2).
function M.distance(a, b)
  if M.adjacent(a, b) then return 1 end
  if DIAG[a .. " " .. b] then return 2 end
  return M.route(a, b)
end

-- §2.4.3: some straight line from `from` to `to` crosses no field held by
-- an enemy of `shooter` and, while it is closed, not the Gate.
function M.sees(shooter, from, to)
  if M.adjacent(from, to) then return true end
  local lines = sight_lines(from, to)
  if not lines then return false end
  for _, line in ipairs(lines) do
    local clear = true
    for _, f in ipairs(line) do
      if (f == "gate" and not board.gate_open()) or board.obstacle(f) then clear = false break end
      for _, o in ipairs(board.figures(f)) do
        if M.enemies(shooter, o) then clear = false break end
      end
      if not clear then break end
    end
    if clear then return true end
  end
  return false
end

-- §5.1: where `attacker` may aim at all: monsters and Zorkal never at a
-- hero on the Path or in Argos.
function M.may_target(attacker, target)
  if not M.enemies(attacker, target) and T.kind(target) ~= "cavein" then return false end
  if M.side(attacker) == "lord" and T.kind(target) == "hero" then
    local f = board.field(target)
    if board.tagged(f, "path") or board.tagged(f, "multi_hero") then return false end
  end
  return true
end

-- Whether `attacker` reaches the field `to` with an attack of `reach` and
-- `range` (an ability's or a monster's props):
--   melee   an adjacent field
--   pike    exactly `range` away (2), with a line of sight; `effect.adjacent`
--           in `opts` lets it hit an adjacent field too (Pike Expert)
--   shoot   up to `range` away, with a line of sight
--   route   up to `range` steps round corners, entering no field an enemy
--           holds (a spell, §5.3)
--   adjacent an adjacent field (a touch spell)
function M.reaches(attacker, to, reach, range, opts)
  local from = board.field(attacker)
  if not from or not to then return false end
  if reach == "melee" or reach == "adjacent" then return M.touching(from, to) end
  if reach == "pike" then
    if opts and opts.adjacent and M.touching(from, to) then return true end
    return M.distance(from, to) == range and M.sees(attacker, from, to)
  end
  if reach == "shoot" then
    local d = M.distance(from, to)
    return d ~= nil and d <= range and M.sees(attacker, from, to)
  end
  if reach == "route" then
    local enemy_held = {}
    for _, f in ipairs(T.within(from, range, M.blocked())) do
      if f ~= to then
        for _, o in ipairs(board.figures(f)) do
          if M.enemies(attacker, o) then enemy_held[#enemy_held + 1] = f break end
        end
      end
    end
    local d = M.route(from, to, M.blocked(enemy_held))
    return d ~= nil and d <= range
  end
  return false
end

-- The enemy figures (and obstacle tokens: barriers, cave-ins) `attacker`
-- may hit with such an attack. The fields
-- looked at are those within `range` steps of the movement graph (a route
-- round Teleports is never shorter) and the diagonal squares.
function M.targets(attacker, reach, range, opts)
  local from = board.field(attacker)
  local out = {}
  if not from then return out end
  local fields, seen = T.within(from, math.max(range, 1)), {}
  for _, f in ipairs(fields) do seen[f] = true end
  for _, f in ipairs(DIAG_OF[from] or {}) do
    if not seen[f] then
      seen[f] = true
      fields[#fields + 1] = f
    end
  end
  -- A figure on a Teleport stands on both faces: look at the twin too.
  local twins = {}
  for _, f in ipairs(fields) do
    local t = board.twin(f)
    if t and not seen[t] then
      seen[t] = true
      twins[#twins + 1] = t
    end
  end
  for _, t in ipairs(twins) do fields[#fields + 1] = t end
  for _, f in ipairs(fields) do
    for _, o in ipairs(T.zone(f)) do
      if (board.is_figure(o) or board.is_obstacle(o)) and M.may_target(attacker, o) and M.reaches(attacker, f, reach, range, opts) then
        out[#out + 1] = o
      end
    end
  end
  return out
end

return M
