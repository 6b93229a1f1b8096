-- The `battle` fight node: attackers strike, then the defenders still
-- standing strike back. Every blow is the kernel's damage, so a figure
-- whose damage reaches its hit points is knocked out and leaves its side;
-- a side all knocked out ends the fight before the next stage.
local T = tabula
local B = require "rules.board"

local M = {}

local function volley(strikers, targets)
  for _, id in ipairs(strikers) do
    local target = targets()[1]  -- asked anew: the knocked out have left the side
    if not target then return end
    T.damage(target, T.get(id, "power"), { by = id })
  end
end

function M.strike() volley(T.attackers(), T.defenders) end
function M.strike_back() volley(T.defenders(), T.attackers) end

-- The mover takes the area when it still stands and the area is clear.
function M.after(ctx)
  local mover, area = ctx.args.attackers[1], ctx.args.to
  if B.on_board(mover) and #T.zone(area) == 0 then
    T.move(mover, area)
    B.arrive(mover, area)
  end
end

return M
