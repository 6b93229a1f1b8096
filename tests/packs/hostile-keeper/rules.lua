local T = tabula
local M = {}

function M.setup() T.create("keeper", "table") end
function M.poke() T.emit("poke") end
function M.finished() return T.var("done") == true end

return M
