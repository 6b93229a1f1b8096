-- Isles: landing on an island lets a seat dock there this turn (an option
-- of the base's "act" decision, added through extend.actions); the harbor
-- step closes the berth before the hand is cleaned up.
local T = tabula
local M = {}

local function island(pos)
  for _, p in ipairs(T.param("islands")) do
    if p == pos then return true end
  end
  return false
end

M.on = {
  moved = function(ctx)
    if island(ctx.args.pos) then T.set_var("berth", ctx.args.seat) end
  end,
}

function M.harbor(ctx)
  if T.var("berth") == ctx.seat then T.set_var("berth", nil) end
end

function M.dock(ctx)
  T.add_counter(ctx.args.seat, "gold", 2)
  T.set_var("berth", nil)
end

M.extend = {
  actions = function(ctx)
    if T.var("berth") ~= ctx.args.seat and not island(T.counter(ctx.args.seat, "pos")) then return nil end
    return { { id = "dock", label = "isles.dock", on_choice = M.dock } }
  end,
}

return M
