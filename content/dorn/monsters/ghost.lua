-- The ghost (components §5 M7, dorn.md §5.2 step 5): in each heroes' turn
-- it ignores up to `effect.ignores_attacks` hero attacks aimed at it; a
-- spell, an item or a Blessing cannot be ignored. The Lord loses nothing by
-- using it at once: every hero attack on a ghost deals the same wound.
local T = tabula
local hero_combat = require "rules.hero_combat"
local M = {}

M.modify = {
  attack_cancelled = function(ctx)
    local args = ctx.args
    if args.amount > 0 or args.target ~= ctx.self or args.how ~= "attack" then return args.amount end
    if hero_combat.uses(ctx.self) >= T.def_get(T.def(ctx.self), "effect").ignores_attacks then return args.amount end
    hero_combat.use(ctx.self)
    return 1
  end,
}

return M
