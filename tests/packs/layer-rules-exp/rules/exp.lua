local T = tabula
local M = {}

function M.cheer() T.set_var("cheers", (T.var("cheers") or 0) + 1) end

M.on = {
  damaged = function() T.set_var("exp_saw", (T.var("exp_saw") or 0) + 1) end,
}

return M
