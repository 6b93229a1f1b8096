-- Cabal Master (§6.3): Magic Attack +3, and +3 more for each Spell you play
-- (the printed +3 is a prop; lib/cabal.lua counts the Spells). SPOILS: buy a
-- Spell.
local T = tabula
local E = require "rules.effects"
local battle = require "rules.battle"
local cabal = require "cards.scripts.lib.cabal"
local M = { extend = {} }

function M.extend.battle(ctx) return cabal.battle(ctx) end

function M.extend.effects(ctx)
  return E.offer(ctx, "spoils", { {
    fn = "buy", label = "fx_hero.buy_spell", when = function(c) return battle.can_attack(c.self) end,
  } })
end

function M.buy(ctx) E.spoils_buy(ctx, function(c) return T.has_tag(c, "spell") end) end

return M
