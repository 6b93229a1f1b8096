local T = tabula
local M = {}
-- "coin" in a comment is not a reference
function M.bonus(ctx)
  T.create("coin", "deck")
end
return M
