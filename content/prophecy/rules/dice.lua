-- One six-sided die (PB §5.1). A scenario forces rolls with its `random`
-- steps (docs/scenarios.md, "Forced chance").
local T = tabula
local M = {}

function M.roll() return T.random(6) end

return M
