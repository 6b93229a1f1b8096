-- Unscoped: takes part in `mixed` wherever it is.
local T = tabula
local M = {}

M.modify = {
  mixed = function(ctx)
    local h = T.var("heard")
    h[#h + 1] = T.def(ctx.self) .. "#" .. ctx.self
    return ctx.args.amount + T.get(ctx.self, "vp")
  end,
}

return M
