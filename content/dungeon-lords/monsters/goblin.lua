-- Goblin (§5.1): standard 2; if that knocks out its target, one extra
-- standard 1 on the new first hero. Training room: 3, then 2.
local A = require "rules.attack"
local M = {}

function M.attack(ctx)
  local b = A.bonus(ctx)
  local r = A.standard(ctx, 2 + b)
  if r and r.knocked_out then A.standard(ctx, 1 + b) end
  A.exhaust(ctx)
end

return M
