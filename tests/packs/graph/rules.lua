local T = tabula
local M = {}

function M.setup() end

-- One query per call, its arguments in ctx.args: {fn = name, args = {...}},
-- passed as given (no trailing nils). A nil result comes back as "nil".
function M.query(ctx)
  local a = ctx.args.args
  local r = T[ctx.args.fn](table.unpack(a, 1, #a))
  if r == nil then return "nil" end
  return r
end

-- Occupancy through the node zones.
function M.occupancy()
  local id = T.create("pawn", "d")
  local zone = T.where(id)
  return { zone = zone, count = T.count("d"), first = T.zone("d")[1] == id }
end

-- Blocked nodes held in a variable: a live table.
function M.blocked_by_var()
  T.set_var("blocked", { "b" })
  return T.path("a", "d", T.var("blocked"))
end

return M
