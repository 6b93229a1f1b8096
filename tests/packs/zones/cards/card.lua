-- Adds its attack to the channels; writes down who was called, in order.
local T = tabula
local M = {}

local function heard(ctx)
  local h = T.var("heard")
  h[#h + 1] = T.def(ctx.self) .. "#" .. ctx.self
end

M.modify = {
  attack = function(ctx)
    heard(ctx)
    return ctx.args.amount + T.get(ctx.self, "attack")
  end,
  mixed = function(ctx)
    heard(ctx)
    return ctx.args.amount + T.get(ctx.self, "attack")
  end,
}

M.on = {
  ping = function(ctx) heard(ctx) end,
}

return M
