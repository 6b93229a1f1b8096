-- Eleanor's Pike Mastery (components §3.6): every attack of the monster
-- type `effect.blocks_all_of` (skeletons) on her may be blocked without
-- using her block (L4 asks the channel `auto_block` and offers it as
-- `free:<k>`).
local T = tabula
local abilities = require "rules.abilities"
local M = {}

M.modify = {
  auto_block = function(ctx)
    local a, args = ctx.self, ctx.args
    if not abilities.active(a) or args.target ~= T.get(a, "holder") then return nil end
    if T.def(args.attacker) == T.def_get(T.def(a), "effect").blocks_all_of then return 1 end
    return nil
  end,
}

return M
