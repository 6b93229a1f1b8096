-- P4, event resolution (§4.3.4).
local M = {}
function M.resolve() end
return M
