-- Ragnar's Riposte (components §3.5), once per turn: when one of his blocks
-- stops the attack of a figure next to him, it takes the ability's `damage`.
-- Also when he spent the block on a neighbour (Protecting Hand: "he may
-- still riposte").
local T = tabula
local abilities = require "rules.abilities"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local lord_combat = require "rules.lord_combat"
local M = {}

M.on = {
  attack_blocked = function(ctx)
    local a, args = ctx.self, ctx.args
    local holder = T.get(a, "holder")
    if not abilities.active(a) or args.blocker ~= holder or args.how == "auto" then return end
    if not lord_combat.on_board(args.attacker) then return end
    if not reach.adjacent(T.where(holder), T.where(args.attacker)) then return end
    if not lord_combat.use_once(a) then return end
    wounds.deal(args.attacker, T.def_get(T.def(a), "damage"), { by = holder, how = "ability", card = a })
  end,
}

return M
