-- The Water board and a character's air (WR §3.3.4, §3.3.7, §3.3.8): which
-- cell is which, what lies there, paying bubbles (drowning), leaving.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

M.ENTRANCE = "water_1_1"
M.PALACE = "water_6_4"
M.COLS = T.param("water_cols")
M.ROWS = T.param("water_rows")

local CELLS, TAGS = {}, {}
for _, c in ipairs(T.nodes("water")) do
  CELLS[c] = true
  TAGS[c] = {}
  for _, tag in ipairs(T.node_tags(c)) do TAGS[c][tag] = true end
end

function M.is_cell(z) return z ~= nil and CELLS[z] == true end
function M.tagged(cell, tag) return TAGS[cell] ~= nil and TAGS[cell][tag] == true end
function M.in_realm(char) return M.is_cell(board.where(char)) end

-- A cell where the realm's own rules hold: not the palace, which counts as a
-- sphere (§3.3.14), unless a variant says so (§3.5.5).
function M.is_water(cell)
  return M.is_cell(cell) and (cell ~= M.PALACE or T.param("palace_is_water"))
end

function M.xy(cell)
  local x, y = cell:match("^water_(%d+)_(%d+)$")
  return math.tointeger(tonumber(x)), math.tointeger(tonumber(y))
end

-- The cell at (x, y), or nil off the board.
function M.cell(x, y)
  if x < 1 or x > M.COLS or y < 1 or y > M.ROWS then return nil end
  return "water_" .. x .. "_" .. y
end

-- Whether a card lying on a cell is a water card (not a figure, an
-- artifact, a Pearl or the palace's guardian).
function M.is_card(id)
  local k = T.kind(id)
  return k == "water" or ((k == "item" or k == "ability") and T.has_tag(id, "water"))
end

function M.cards(cell)
  local out = {}
  for _, id in ipairs(T.zone(cell)) do
    if M.is_card(id) then out[#out + 1] = id end
  end
  return out
end

function M.negative(id) return T.kind(id) == "water" and T.get(id, "side") == "negative" end

-- The living water monster on a cell, if any.
function M.monster(cell)
  for _, id in ipairs(T.zone(cell)) do
    if T.kind(id) == "water" and T.get(id, "type") == "monster" and T.face_up(id) then return id end
  end
  return nil
end

function M.others_on(cell, char)
  local out = {}
  for _, id in ipairs(T.zone(cell)) do
    if id ~= char and T.kind(id) == "character" then out[#out + 1] = id end
  end
  return out
end

-- Pays n bubbles (§3.3.8): from the right to the left; each one missing
-- costs a life instead, and the last life lost drowns the character.
function M.pay(char, n, why)
  for _ = 1, n do
    if T.get(char, "out") or not M.in_realm(char) then return end
    if T.get(char, "air") > 0 then
      T.add(char, "air", -1)
      T.add(char, "air_spent", 1)
    else
      T.log({ "water.log.no_air", who = names.who(char) })
      resources.lose_lives(char, 1, "drowning")
    end
  end
  if n > 0 then T.log({ "water.log.air", who = names.who(char), air = T.get(char, "air"), bag = T.get(char, "air_bag"), why = { "water.why." .. why } }) end
end

-- Spent bubbles come back (left to right), never more than the bag held.
function M.refill(char, n)
  local back = math.min(n, T.get(char, "air_spent"))
  T.add(char, "air", back)
  T.add(char, "air_spent", -back)
  return back
end

-- The sphere whose top card is the discovered Gate (nil before).
function M.gate_sphere() return T.var("water_gate_sphere") end

function M.entries()
  local sp = M.gate_sphere()
  return sp and board.entries(sp) or {}
end

-- Leaves the realm (§3.3.7 item 5, §3.3.11 item 6): the stones go back to
-- the bank; the figure goes to one of the Gate's entry spaces.
function M.leave(char, to)
  for _, p in ipairs { "air", "air_spent", "air_bag", "visit_turns" } do T.set(char, p, 0) end
  T.set(char, "stuck_with", -1)
  T.set(char, "palace_wait", false)
  local movement = require "rules.movement"
  movement.put(char, to, "realm")
end

-- The leave options for the two entry spaces (the owner chooses, Q-26).
function M.exits(prefix, fn)
  local out = {}
  for _, s in ipairs(M.entries()) do
    out[#out + 1] = { id = prefix .. s, label = { "water.leave", to = { "space." .. s } }, on_choice = fn }
  end
  return out
end

-- Every Rainbow Pearl a seat holds.
function M.has_pearl(seat) return T.count("pearls", seat) > 0 end

return M
