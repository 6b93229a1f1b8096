-- Terakian Templar (§6.3): Attack +4 (a prop). DUNGEON: discard a Disease or
-- a Villager to draw 2 cards and get Attack +2 (lib/terakian.lua). SPOILS:
-- buy a Villager ([Q]; the rulebook's example says a Weapon, OQ-20).
local T = tabula
local E = require "rules.effects"
local battle = require "rules.battle"
local terakian = require "cards.scripts.lib.terakian"
local M = { extend = {} }

local FODDER = { "disease", "villager" }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { terakian.item(ctx, "relieve", FODDER, "fx_hero.discard_villager_attack") })
    or E.offer(ctx, "spoils", { {
      fn = "buy", label = "fx_hero.buy_villager", when = function(c) return battle.can_attack(c.self) end,
    } })
end

function M.relieve(ctx) terakian.relieve(ctx, FODDER) end

function M.buy(ctx) E.spoils_buy(ctx, function(c) return T.has_tag(c, "villager") end) end

return M
