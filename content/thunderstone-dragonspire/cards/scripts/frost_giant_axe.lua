-- Frost Giant Axe (§6.4): Attack +4 (printed, only when carried). DUNGEON,
-- even unequipped: if no Hero of yours has Strength 6 or more, draw 1 card;
-- a Hero drawn this way gains Strength +3.
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local M = { extend = {} }

local function no_strong_hero(ctx)
  for _, h in ipairs(C.heroes(ctx.args.seat)) do
    if battle.strength(h) >= E.n(ctx.self, "strong") then return false end
  end
  return true
end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "draw", when = no_strong_hero,
    label = { "fx_village.axe", strong = E.n(ctx.self, "strong"), n = E.n(ctx.self, "draw"), s = E.n(ctx.self, "strength") },
  } })
end

function M.draw(ctx)
  for _, c in ipairs(E.draw(ctx, E.n(ctx.self, "draw"))) do
    if C.is_hero(c) then C.add_strength(c, E.n(ctx.self, "strength")) end
  end
end

return M
