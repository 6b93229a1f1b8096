local M = {}
function M.never() return false end
function M.idle() end
return M
