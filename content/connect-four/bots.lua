-- The `center` bot's policy ([bots.center] in pack.toml): ranks each open
-- column for the seat to move. A disc that wins ranks highest, then one that
-- blocks the rival's win there; a disc that lets the rival win on top of it
-- ranks low; otherwise the nearer the middle column, the better. Reads only
-- the public board. The weights are the param `center_bot`.
local T = tabula
local M = {}

local COLUMNS, ROWS = T.param("columns"), T.param("rows")
local W = T.param("center_bot")
local completes = require("rules").wins

local function at(board, c, r)
  if c < 1 or c > COLUMNS or r < 1 or r > ROWS then return -1 end
  return board[(r - 1) * COLUMNS + c]
end

-- The row a disc dropped into column c lands in (ROWS + 1 when full).
local function landing(board, c)
  local r = 1
  while r <= ROWS and at(board, c, r) ~= 0 do r = r + 1 end
  return r
end

function M.center(ctx)
  local me = ctx.args.seat
  local rival = me == 1 and 2 or 1
  local board = T.var("board")
  local middle = (COLUMNS + 1) / 2
  local ranks = {}
  for i, option in ipairs(ctx.args.options) do
    local c = option.id
    local r = landing(board, c)
    local rank = W.center * (COLUMNS - math.floor(math.abs(c - middle) * 2))
    if completes(board, c, r, me) then
      rank = W.win
    elseif completes(board, c, r, rival) then
      rank = W.block
    elseif r < ROWS and completes(board, c, r + 1, rival) then
      rank = rank - W.gift
    end
    ranks[i] = rank
  end
  return ranks
end

return M
