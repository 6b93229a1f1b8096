-- Goblin (§5.1): a standard attack; if it knocks out its target, one extra
-- standard attack (follow_up) on the new first hero. Training room: both
-- stronger.
local A = require "rules.attack"
local M = {}

function M.attack(ctx)
  local r = A.standard(ctx, A.strength(ctx, "attack"))
  if r and r.knocked_out then A.standard(ctx, A.strength(ctx, "follow_up")) end
  A.exhaust(ctx)
end

return M
