-- Ragnar's Transmuted Blood (components §3.5): the skill of the monster
-- type `effect.immune_to` (the mummy's wound that stops him) does not touch
-- him. Monster skills ask the channel `monster_skill` {figure, by}.
local T = tabula
local abilities = require "rules.abilities"
local M = {}

M.modify = {
  monster_skill = function(ctx)
    local a, args = ctx.self, ctx.args
    if not abilities.active(a) or args.figure ~= T.get(a, "holder") then return nil end
    if T.def(args.by) == T.def_get(T.def(a), "effect").immune_to then return 0 end
    return nil
  end,
}

return M
