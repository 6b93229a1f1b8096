-- House rule: the goblin's knock-out bonus repeats while it keeps knocking
-- heroes out (the base game allows it once, dungeon-lords.md §5.1).
local A = require "rules.attack"
local M = {}

function M.attack(ctx)
  local b = A.bonus(ctx)
  local r = A.standard(ctx, 2 + b)
  while r and r.knocked_out do r = A.standard(ctx, 1 + b) end
  A.exhaust(ctx)
end

return M
