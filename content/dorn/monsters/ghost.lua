-- The ghost (components §5 M7, dorn.md §5.2 step 5): in each heroes' turn
-- it may ignore up to `ignores_attacks` hero attacks aimed at it; a
-- spell, an item or a Blessing cannot be ignored. It answers 1 for a hit it
-- could still ignore; rules/hero_combat.lua asks the Lord, and only his
-- `decided` cancel spends the use (which blow is ignored decides who kills
-- the ghost and takes its token, §5.2).
local T = tabula
local hero_combat = require "rules.hero_combat"
local M = {}

M.modify = {
  attack_cancelled = function(ctx)
    local args = ctx.args
    if args.amount > 0 or args.target ~= ctx.self or args.how ~= "attack" then return args.amount end
    if hero_combat.uses(ctx.self) >= T.def_get(T.def(ctx.self), "ignores_attacks") then return args.amount end
    if args.decided then hero_combat.use(ctx.self) end
    return 1
  end,
}

return M
