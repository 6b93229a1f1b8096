-- The names of the board's fields, as the map on the screen shows them
-- (issue 29): a row letter and a column number, "K14" (row K, column 14),
-- worked out from the fields' centres (params.field_xy). The map prints
-- the letters down its left edge and the numbers along its top, and every
-- option, prompt and log line names a field by the same name, in every
-- language. The rules, the bots and the logs keep the field ids.
--
-- A cell is a hex column wide and a hex row high (field_xy is in
-- thousandths of a hex radius): flat-topped hexes lie 1.5 radii apart
-- across and sqrt(3) radii apart down. The Abandoned Mines' squares lie
-- closer (1.5 radii) than hex rows, so they get a row each from the Mines'
-- top row down; no two fields share a cell.
local T = tabula
local M = {}

M.CELL_X, M.CELL_Y, M.SQUARE = 1500, 1732, 1500

local ROWS_AS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

local CELL, NAME, BY_NAME = {}, {}, {}
M.COLS, M.ROWS = 0, 0
do
  local xy = T.param("field_xy")
  local function tagged(f, tag)
    for _, t in ipairs(T.node_tags(f)) do
      if t == tag then return true end
    end
    return false
  end
  local function mine(f) return tagged(f, "square") and tagged(f, "region:abandoned_mines") end
  local top
  for _, f in ipairs(T.nodes("board")) do
    if mine(f) then top = math.min(top or xy[f][2], xy[f][2]) end
  end
  for _, f in ipairs(T.nodes("board")) do
    local p = xy[f]
    local c = (p[1] + M.CELL_X // 2) // M.CELL_X + 1
    local r = p[2] // M.CELL_Y + 1
    if mine(f) then r = top // M.CELL_Y + 1 + (p[2] - top + M.SQUARE // 2) // M.SQUARE end
    CELL[f] = { c, r }
    M.COLS, M.ROWS = math.max(M.COLS, c), math.max(M.ROWS, r)
    local name = ROWS_AS:sub(r, r) .. c
    assert(r <= #ROWS_AS and not BY_NAME[name], "two fields in one map cell: " .. name)
    NAME[f], BY_NAME[name] = name, f
  end
end

-- A field's name on the map ("K14"); a string that is no field as it is.
function M.of(field) return NAME[field] or field end

-- The field a name stands for (nil: none).
function M.field(name) return BY_NAME[name] end

-- A field's map cell: column, row (from 1).
function M.cell(field)
  local c = CELL[field]
  if c then return c[1], c[2] end
end

-- The letter of row `r`.
function M.row(r) return ROWS_AS:sub(r, r) end

-- Options that are fields, each labelled by the text `key` (default
-- "pick.field") with the field's name as `field` and the arguments `args`
-- ("Skeleton to K3" reads well in another seat's log too). An option that
-- is already a table stays as it is.
function M.options(fields, key, args)
  local out = {}
  for i, f in ipairs(fields) do
    if type(f) == "table" then
      out[i] = f
    else
      local label = { key or "pick.field", field = NAME[f] or f }
      for k, v in pairs(args or {}) do label[k] = v end
      out[i] = { id = f, label = label }
    end
  end
  return out
end

return M
