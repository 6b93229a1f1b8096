-- Ragnar's Parry (components §3.5): he blocks `effect.blocks` monster
-- attacks per Lord turn instead of the usual `hero_blocks` (dorn.md §5.4.5).
local T = tabula
local abilities = require "rules.abilities"
local M = {}

M.modify = {
  blocks = function(ctx)
    local a = ctx.self
    if not abilities.active(a) or ctx.args.figure ~= T.get(a, "holder") then return nil end
    return ctx.args.amount + T.def_get(T.def(a), "effect").blocks - T.param("hero_blocks")
  end,
}

return M
