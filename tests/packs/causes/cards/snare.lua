local T = tabula
local M = {}
function M.spring(ctx) T.log { "snapped", n = T.get(ctx.self, "bite") } end
return M
