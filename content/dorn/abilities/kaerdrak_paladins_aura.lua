-- Kaerdrak's Paladin's Aura (components §3.2): every attack on him from
-- `effect.blocks_all_from` or more fields away may be blocked without using
-- his block (L4 asks the channel `auto_block` and offers it as `free:<k>`).
local T = tabula
local abilities = require "rules.abilities"
local M = {}

M.modify = {
  auto_block = function(ctx)
    local a, args = ctx.self, ctx.args
    if not abilities.active(a) or args.target ~= T.get(a, "holder") then return nil end
    if args.distance >= T.def_get(T.def(a), "effect").blocks_all_from then return 1 end
    return nil
  end,
}

return M
