local M = {}
function M.turn() end
return M
