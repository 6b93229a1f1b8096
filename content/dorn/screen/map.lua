-- The board on the Dorn screen: one character a field, in the field's map
-- cell (rules/names.lua), with the row letters down the left edge and the
-- column numbers (tens over units) along the top, so that "K14" is found
-- at row K, column 14. Every option, prompt and log line names fields the
-- same way.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local names = require "rules.names"
local M = {}

-- Tokens that stand in a field's way (the base's barriers, the cave-ins of 15.c).
M.OBSTACLE = { barrier = true, cavein = true }

-- Lower-case letters for the monster types, in definition order: the
-- first letter of a word of the name not yet taken, else any letter of it
-- (names in the reader's language; "m" when none is left). Never "o", the
-- teleports' mark (the Czech giant rat is an "obří krysa").
function M.letters()
  local out, taken = {}, { o = true }
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

-- What stands on each field: {figures = {...}, artifacts = {...}, hidden = n} by field.
function M.contents(view)
  local out = {}
  for _, z in ipairs(view.zones) do
    if names.cell(z.zone) and z.count > 0 then
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

-- The mark of a field.
local function mark(field, here, treasure, marks, letters)
  if here then
    for _, e in ipairs(here.figures) do
      local kind = T.definition(e.def).kind
      if kind == "hero" then return marks[e.id] or "H" end
      if kind == "lord_figure" then return "Z" end
      if kind == "monster" then return letters[e.def] or "m" end
      if M.OBSTACLE[kind] then return "X" end
    end
    if #here.artifacts > 0 then return "*" end
    if here.hidden > 0 then return "?" end
  end
  if treasure[field] then return "$" end
  if field == "gate" then return "#" end
  for _, tag in ipairs(T.node_tags(field)) do
    if tag:match("^teleport:") then return "o" end
    if tag == "fountain" or tag == "seer_front" or tag == "multi_hero" then return "+" end
  end
  return "·"
end

function M.treasure_fields(view)
  local out = {}
  for _, f in ipairs(view.vars.treasure_fields or {}) do out[f] = true end
  return out
end

-- The map's lines, each `2 + names.COLS` characters wide: two lines of
-- column numbers, then a line a row. `marks` gives each hero's entity id
-- its digit.
function M.grid(view, here, marks, letters)
  local treasure, grid = M.treasure_fields(view), {}
  for _, f in ipairs(T.nodes("board")) do
    local c, r = names.cell(f)
    grid[r * (names.COLS + 1) + c] = mark(f, here[f], treasure, marks, letters)
  end
  local tens, units = { "  " }, { "  " }
  for c = 1, names.COLS do
    tens[#tens + 1] = c >= 10 and tostring(c // 10) or " "
    units[#units + 1] = tostring(c % 10)
  end
  local lines = { table.concat(tens), table.concat(units) }
  for r = 1, names.ROWS do
    local row = { names.row(r), " " }
    for c = 1, names.COLS do row[#row + 1] = grid[r * (names.COLS + 1) + c] or " " end
    lines[#lines + 1] = table.concat(row)
  end
  return lines
end

-- The monsters on the board by type, each with its field and lives:
-- "s Skeleton: K3 1/1, O15 1/1".
function M.monsters(here, letters)
  local by_def, order = {}, {}
  for _, d in ipairs(T.defs { kind = "monster" }) do order[#order + 1] = d end
  for _, f in ipairs(T.nodes("board")) do
    for _, e in ipairs(here[f] and here[f].figures or {}) do
      if T.definition(e.def).kind == "monster" then
        by_def[e.def] = by_def[e.def] or {}
        table.insert(by_def[e.def], names.of(f) .. " " .. W.life(e) .. "/" .. (S.prop(e, "max_life") or 0))
      end
    end
  end
  local out = {}
  for _, d in ipairs(order) do
    if by_def[d] then
      out[#out + 1] = letters[d] .. " " .. T.definition(d).name .. ": " .. table.concat(by_def[d], ", ")
    end
  end
  return out
end

-- The obstacles on the board with their lives: "X K3 2/3".
function M.obstacles(here)
  local out = {}
  for _, f in ipairs(T.nodes("board")) do
    for _, e in ipairs(here[f] and here[f].figures or {}) do
      if M.OBSTACLE[T.definition(e.def).kind] then
        out[#out + 1] = "X " .. names.of(f) .. " " .. W.life(e) .. "/" .. (S.prop(e, "max_life") or 0)
      end
    end
  end
  return out
end

return M
