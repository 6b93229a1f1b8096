-- Stoneguard Tanker (§6.3): Attack +6 (a prop), +4 more if equipped, +1 for
-- each Mercenary you reveal (lib/stoneguard.lua). SPOILS: your revealed
-- Mercenaries are set aside and join your new hand: they stay in play when
-- the turn ends (the turn's `keep`) and go to the hand after the draw.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local stoneguard = require "cards.scripts.lib.stoneguard"
local M = { extend = {} }

function M.extend.battle(ctx) return stoneguard.battle(ctx) end

function M.extend.effects(ctx)
  return E.offer(ctx, "spoils", { {
    fn = "muster", label = "fx_hero.keep_mercenaries",
    when = function(c) return battle.can_attack(c.self) and #C.with_tag(c.args.seat, "mercenary") > 0 end,
  } })
end

function M.muster(ctx)
  local keep = C.turn().keep
  for _, c in ipairs(C.with_tag(ctx.args.seat, "mercenary")) do
    keep[C.key(c)] = true
    T.log { "fx_hero.kept", card = c }
  end
end

return M
