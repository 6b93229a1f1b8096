-- Evoker Scorcher and Pyroclast (§6.3): Attack +N against Rank 2 or deeper.
-- DUNGEON: destroy 1 of your XP for Magic Attack +M and Light +L. Against
-- Rank 1 an Evoker gives no Attack and no Light; the Magic Attack of the
-- XP effect still counts (OQ-11, TV-33). The rank is known only when the
-- battle is computed, so the effect keeps its Magic Attack as a bonus of
-- the card and its Light in the turn's `deep_light` (card -> Light), which
-- the battle gives only from `deep_rank` on.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local L = {}

function L.battle(ctx)
  if ctx.args.rank < E.n(ctx.self, "deep_rank") then return nil end
  local light = C.turn().deep_light
  return E.give(ctx, { attack = E.n(ctx.self, "deep_attack"), light = light and light[C.key(ctx.self)] or 0 })
end

function L.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "burn", when = function(c) return T.counter(c.args.seat, "xp") >= E.n(c.self, "xp") end,
    label = { "fx_hero.xp_power", xp = E.n(ctx.self, "xp"), magic = E.n(ctx.self, "xp_magic"),
      light = E.n(ctx.self, "xp_light") },
  } })
end

function L.burn(ctx)
  T.add_counter(ctx.args.seat, "xp", -E.n(ctx.self, "xp"))
  E.bonus(ctx, "magic", E.n(ctx.self, "xp_magic"))
  local turn = C.turn()
  if not turn.deep_light then turn.deep_light = {} end
  local k = C.key(ctx.self)
  turn.deep_light[k] = (turn.deep_light[k] or 0) + E.n(ctx.self, "xp_light")
end

return L
