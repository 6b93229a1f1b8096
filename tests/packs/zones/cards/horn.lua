-- Takes part in `mixed` only, from any zone (its entry says "anywhere").
local T = tabula
local M = {}

M.modify = {
  mixed = function(ctx)
    local h = T.var("heard")
    h[#h + 1] = T.def(ctx.self) .. "#" .. ctx.self
    return ctx.args.amount + T.get(ctx.self, "attack")
  end,
}

return M
