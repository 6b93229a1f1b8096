-- Zorkal's Sinister Parry (components §4 Z-A5, dorn.md §4.14): from his
-- level 2, once a turn, he may cancel up to `effect.cancels` hero attacks
-- aimed at him; spells cannot be parried (`effect.not_spells`). It answers
-- 1 for a hit it could still stop; rules/hero_combat.lua asks the Lord, and
-- only his `decided` cancel spends the parry (he may keep it for a later,
-- harder blow of the turn).
local T = tabula
local abilities = require "rules.abilities"
local hero_combat = require "rules.hero_combat"
local M = {}

M.modify = {
  attack_cancelled = function(ctx)
    local args, a = ctx.args, ctx.self
    if args.amount > 0 or not abilities.active(a) or args.target ~= T.get(a, "holder") then return args.amount end
    local effect = T.def_get(T.def(a), "effect")
    if effect.not_spells and args.how ~= "attack" then return args.amount end
    if hero_combat.uses(a) >= effect.cancels then return args.amount end
    if args.decided then hero_combat.use(a) end
    return 1
  end,
}

return M
