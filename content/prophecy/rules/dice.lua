-- One six-sided die (PB §5.1): the chance event "die", which tools and
-- solvers list and a scenario forces with `chance = { die = [...] }`
-- (docs/scenarios.md, "Forced chance").
local T = tabula
local M = {}

function M.roll() return T.chance("die", 6) end

return M
