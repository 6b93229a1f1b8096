-- Requires a module that fails while it loads.
local M = {}
local broken = require "lib.broken"

function M.start() return broken end

return M
