-- A second rule module: it listens but adds nothing.
local M = {}
function M.nothing() end
M.extend = { options = function() return nil end }
return M
