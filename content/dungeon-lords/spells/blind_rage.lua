-- Blind Rage (components §8.2: every monster, never a ghost): this round
-- each hit of a monster deals the card's attack_change more (less when
-- negative, never below 0).
local T = tabula
local F = require "rules.fight"
local M = {}

function M.cast(ctx)
  F.of(ctx.args.seat).rage = ctx.self
  T.log({ "spell.blind_rage", seat = ctx.args.seat, card = ctx.self, n = T.get(ctx.self, "attack_change") })
end

M.modify = {
  damage = function(ctx)
    local combat, a = T.combat(), ctx.args
    if not combat or a.source ~= "monster" or T.has_tag(a.by, "ghost") then return a.amount end
    if F.of(combat.seat).rage ~= ctx.self then return a.amount end
    return a.amount + T.get(ctx.self, "attack_change")
  end,
}

return M
