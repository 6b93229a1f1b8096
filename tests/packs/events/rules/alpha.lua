-- A rule module named by a flow node. Its key sorts before rules/zeta.lua,
-- so its listeners run first although zeta is the pack's main rules.
local T = tabula
local M = {}

local function note(key, item)
  local list = T.var(key) or {}
  list[#list + 1] = item
  T.set_var(key, list)
end

function M.ping() T.emit("ping", { n = 1 }) end

M.on = {
  ping = function(ctx) note("heard", "alpha") end,
}

M.modify = {
  damage = function(ctx)
    note("modifiers", "alpha")
    return ctx.args.amount
  end,
}

return M
