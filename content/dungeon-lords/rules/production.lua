-- P3, production (§4.3.3 item 1).
local M = {}
function M.produce() end
return M
