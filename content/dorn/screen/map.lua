-- The board on the Dorn screen: a coarse map of the ~700 fields, one
-- character cell per hex column and hex row (params.field_xy), and then,
-- region by region, the fields that hold something, by their ids (the ids
-- the movement and summoning options name).
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local M = {}

-- Tokens that stand in a field's way (the base's barriers, the cave-ins of 15.c).
local OBSTACLE = { barrier = true, cavein = true }

-- A cell is a hex column wide and a hex row high (field_xy is in
-- thousandths of a hex radius): flat-topped hexes lie 1.5 radii apart
-- across and sqrt(3) radii apart down.
local CELL_X, CELL_Y = 1500, 1732

-- Each field's cell, the grid's size and the regions in board order: the
-- same for every view, worked out once from the packs.
local CELLS, COLS, ROWS, REGIONS = {}, 0, 0, {}
do
  local xy, seen = T.param("field_xy"), {}
  for _, f in ipairs(T.nodes("board")) do
    local p = xy[f]
    local c, r = (p[1] + CELL_X // 2) // CELL_X + 1, p[2] // CELL_Y + 1
    CELLS[f] = { c, r }
    COLS, ROWS = math.max(COLS, c), math.max(ROWS, r)
    for _, tag in ipairs(T.node_tags(f)) do
      local region = tag:match("^region:(.+)$")
      if region and not seen[region] then
        seen[region] = true
        REGIONS[#REGIONS + 1] = region
      end
    end
  end
end

-- Lower-case letters for the monster types, in definition order: the
-- first letter of a word of the name not yet taken, else any letter of it
-- (names in the reader's language; "m" when none is left).
function M.letters()
  local out, taken = {}, {}
  for _, d in ipairs(T.defs { kind = "monster" }) do
    local name = T.definition(d).name:lower()
    local pick
    for ch in (" " .. name):gmatch(" (%a)") do
      if not pick and not taken[ch] then pick = ch end
    end
    for ch in name:gmatch("%a") do
      if not pick and not taken[ch] then pick = ch end
    end
    pick = pick or "m"
    taken[pick] = true
    out[d] = pick
  end
  return out
end

-- What stands on each field: {figures = {...}, artifacts = {...}} by field.
local function contents(view)
  local out = {}
  for _, z in ipairs(view.zones) do
    if CELLS[z.zone] and z.count > 0 then
      local here = { figures = {}, artifacts = {}, hidden = 0 }
      for _, e in ipairs(z.items or {}) do
        if e.hidden then
          here.hidden = here.hidden + 1
        elseif T.definition(e.def).kind == "artifact" then
          here.artifacts[#here.artifacts + 1] = e
        else
          here.figures[#here.figures + 1] = e
        end
      end
      out[z.zone] = here
    end
  end
  return out
end

-- The mark of a field and how much it matters (a cell shows its most
-- important field).
local function mark(field, here, treasure, marks, letters)
  if here then
    for _, e in ipairs(here.figures) do
      local kind = T.definition(e.def).kind
      if kind == "hero" then return marks[e.id] or "H", 5 end
      if kind == "lord_figure" then return "Z", 5 end
      if kind == "monster" then return letters[e.def] or "m", 4 end
      if OBSTACLE[kind] then return "X", 4 end
    end
    if #here.artifacts > 0 then return "*", 3 end
    if here.hidden > 0 then return "?", 3 end
  end
  if treasure[field] then return "$", 2 end
  if field == "gate" then return "#", 1 end
  for _, tag in ipairs(T.node_tags(field)) do
    if tag:match("^teleport:") then return "o", 1 end
    if tag == "fountain" or tag == "seer_front" or tag == "multi_hero" then return "+", 1 end
  end
  return "·", 0
end

function M.treasure_fields(view)
  local out = {}
  for _, f in ipairs(view.vars.treasure_fields or {}) do out[f] = true end
  return out
end

-- The map: `marks` gives each hero's entity id its digit.
function M.grid(view, marks, add)
  local here, treasure, letters = contents(view), M.treasure_fields(view), M.letters()
  local grid, weight = {}, {}
  for f, cell in pairs(CELLS) do
    local c, r = cell[1], cell[2]
    local m, w = mark(f, here[f], treasure, marks, letters)
    local key = r * (COLS + 1) + c
    if not weight[key] or w > weight[key] or (w == weight[key] and m < grid[key]) then
      grid[key], weight[key] = m, w
    end
  end
  add(W.t("map"))
  add("  " .. W.t("legend"))
  local on_board, obstacles = {}, false
  for _, cell in pairs(here) do
    for _, e in ipairs(cell.figures) do
      local kind = T.definition(e.def).kind
      if kind == "monster" then on_board[e.def] = true end
      if OBSTACLE[kind] then obstacles = true end
    end
  end
  local parts = {}
  for _, d in ipairs(T.defs { kind = "monster" }) do
    if on_board[d] then parts[#parts + 1] = letters[d] .. " " .. T.definition(d).name end
  end
  if #parts > 0 then add("  " .. W.t("monster_legend", { list = table.concat(parts, ", ") })) end
  if obstacles then add("  " .. W.t("obstacle_legend")) end
  for r = 1, ROWS do
    local row = {}
    for c = 1, COLS do row[c] = (grid[r * (COLS + 1) + c] or " ") .. " " end
    add("  " .. table.concat(row):gsub("%s+$", ""))
  end
end

local function describe(e)
  local kind = T.definition(e.def).kind
  if kind == "monster" or kind == "hero" or kind == "lord_figure" or OBSTACLE[kind] then
    local life = W.t("monster", { name = e.name, life = W.life(e), max = S.prop(e, "max_life") or 0 })
    return OBSTACLE[kind] and "X " .. life or life
  end
  return "* " .. e.name
end

-- Region by region, the fields with a figure, an Artifact or a Treasure
-- token: "d14_14 Herman 2/2", "d22_16 * Horned Headpiece", "$ d01_02 d05_03".
function M.fields(view, add)
  local here, treasure, seen = contents(view), M.treasure_fields(view), {}
  add(W.t("fields"))
  for _, region in ipairs(REGIONS) do
    local parts, money = {}, {}
    for _, f in ipairs(T.nodes("board", "region:" .. region)) do
      if not seen[f] then
        seen[f] = true
        local h = here[f]
        if h then
          local things = {}
          for _, e in ipairs(h.figures) do things[#things + 1] = describe(e) end
          for _, e in ipairs(h.artifacts) do things[#things + 1] = describe(e) end
          for _ = 1, h.hidden do things[#things + 1] = "? " .. W.t("artifact_down") end
          if #things > 0 then parts[#parts + 1] = f .. " " .. table.concat(things, ", ") end
        end
        if treasure[f] then money[#money + 1] = f end
      end
    end
    if #money > 0 then parts[#parts + 1] = "$ " .. table.concat(money, " ") end
    if #parts > 0 then
      parts[1] = T.text { "dorn.region." .. region } .. ": " .. parts[1]
      for _, line in ipairs(S.flow(parts, " · ", W.WIDTH - 2, "    ")) do add("  " .. line) end
    end
  end
end

return M
