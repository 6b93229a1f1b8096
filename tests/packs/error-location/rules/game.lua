local T = tabula
local M = {}

function M.setup() T.create("caller", "table") end

-- Hands control to the caller: its `on.poke` asks the question.
function M.poke() T.emit("poke") end

-- The game runs until a test stops it (repeat = 0 needs an until).
function M.never() return false end

-- A modifier that fails, run from inside tabula.modify.
M.modify = {
  boost = function() error("no boost today") end,
}

return M
