local T = tabula
local M = {}
function M.wave() T.log { "waved" } end
return M
