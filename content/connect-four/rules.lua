-- Connect Four. The grid is the variable "board": cells numbered row by
-- row from the bottom left, 0 = empty, otherwise the seat of the disc.
local T = tabula
local M = {}

-- Parameters are the pack's data, the same for every game of this engine.
local COLUMNS, ROWS, LINE = T.param("columns"), T.param("rows"), T.param("line")
local TOP = (ROWS - 1) * COLUMNS  -- the cell before the top row's first
local DIRECTIONS = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } }

function M.setup()
  local board = {}
  for i = 1, COLUMNS * ROWS do board[i] = 0 end
  T.set_var("board", board)
end

-- The grid is full when its top row is.
function M.full()
  local board = T.var("board")
  for c = 1, COLUMNS do
    if board[TOP + c] == 0 then return false end
  end
  return true
end

function M.turn(ctx)
  local board = T.var("board")
  local open, n = {}, 0
  for c = 1, COLUMNS do
    if board[TOP + c] == 0 then
      n = n + 1
      open[n] = c
    end
  end
  if n == 0 then return end
  T.decide { seat = ctx.seat, prompt = "c4.drop", options = open, label = "c4.column", on_choice = "drop" }
end

-- Whether the disc at (c, r) completes a line of LINE discs of its seat:
-- count its seat's discs outward from it in both senses of each direction.
local function wins(board, c, r, seat)
  for i = 1, #DIRECTIONS do
    local dx, dy = DIRECTIONS[i][1], DIRECTIONS[i][2]
    local n = 1
    for sign = -1, 1, 2 do
      local sx, sy = sign * dx, sign * dy
      local x, y = c + sx, r + sy
      while x >= 1 and x <= COLUMNS and y >= 1 and y <= ROWS and board[(y - 1) * COLUMNS + x] == seat do
        n, x, y = n + 1, x + sx, y + sy
      end
    end
    if n >= LINE then return true end
  end
  return false
end

-- For the `center` bot (bots.lua): whether a disc of `seat` at (c, r) would
-- complete a line.
M.wins = wins

-- The disc falls to the lowest free cell of the chosen column.
function M.drop(ctx)
  local seat, c = ctx.seat, ctx.choice
  local board = T.var("board")
  local r = 1
  while board[(r - 1) * COLUMNS + c] ~= 0 do r = r + 1 end
  board[(r - 1) * COLUMNS + c] = seat
  if wins(board, c, r, seat) then T.game_over({ winners = { seat } }, { "c4.wins", seat = seat }) end
end

function M.draw()
  T.game_over({ winners = {} }, "c4.draw")
end

return M
