-- Riel's Dodge Arrows (components §3.9): no attack of the monster type
-- `effect.immune_to` (the gorgon) wounds her: a `damage` modifier.
local T = tabula
local abilities = require "rules.abilities"
local M = {}

M.modify = {
  damage = function(ctx)
    local a, args = ctx.self, ctx.args
    if not abilities.active(a) or args.target ~= T.get(a, "holder") then return nil end
    if args.how == "attack" and args.by and T.def(args.by) == T.def_get(T.def(a), "effect").immune_to then return 0 end
    return nil
  end,
}

return M
