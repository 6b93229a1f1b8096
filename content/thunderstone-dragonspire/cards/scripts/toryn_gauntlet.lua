-- Toryn Gauntlet (§6.4): Magic Attack +2 (printed, only when carried). The
-- Hero carrying it gets Strength +2 and may carry 1 more Weapon; each
-- Weapon is checked alone against his whole Strength (§4.3 D3). The
-- Strength counts while the Gauntlet is carried and in play: asking whether
-- it still counts would ask the Hero's Strength again, which asks this.
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local M = { extend = {} }

local function carries(ctx)
  return C.in_play(ctx.self) and battle.carrier(ctx.self) == ctx.args.hero and C.in_play(ctx.args.hero)
end

function M.extend.strength(ctx)
  if carries(ctx) then return { E.n(ctx.self, "strength") } end
  return nil
end

function M.extend.weapon_slots(ctx)
  if carries(ctx) then return { E.n(ctx.self, "weapons") } end
  return nil
end

return M
