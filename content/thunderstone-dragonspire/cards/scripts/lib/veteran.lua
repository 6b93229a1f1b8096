-- The Veteran heroes (§6.3): DUNGEON: destroy a Hero for Attack +N
-- (Berserker, Reaver: `attack`); SPOILS: gain N XP (Reaver, Warmonger:
-- `xp`). The Hero destroyed is another one than the Veteran (whose bonus
-- would leave play with him), not one used for an effect (§4.3 D2).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local L = {}

local function fodder(ctx) return E.others_in_play(ctx, function(c) return C.is_hero(c) and not E.used(c) end) end

-- What the Veteran offers: its card's functions `sacrifice` (DUNGEON) and
-- `reward` (SPOILS), as far as its effect table has `attack` and `xp`.
function L.effects(ctx)
  local effect = T.get(ctx.self, "effect")
  local out = effect.attack and E.offer(ctx, "dungeon", { {
    fn = "sacrifice", label = { "fx_hero.hero_attack", n = effect.attack }, when = function(c) return #fodder(c) > 0 end,
  } })
  return out or (effect.xp and E.offer(ctx, "spoils", { {
    fn = "reward", label = { "fx_hero.gain_xp", n = effect.xp }, when = function(c) return battle.can_attack(c.self) end,
  } })) or nil
end

function L.sacrifice(ctx)
  E.pick { seat = ctx.args.seat, cards = fodder(ctx), prompt = "fx.hero_destroyed", then_fn = L.sacrificed }
end

function L.sacrificed(ctx)
  C.destroy(E.picked(ctx))
  E.bonus(ctx, "attack", E.n(ctx.self, "attack"))
end

function L.reward(ctx)
  local n = E.n(ctx.self, "xp")
  T.add_counter(ctx.args.seat, "xp", n)
  T.log { "fx_hero.xp_gained", seat = ctx.args.seat, n = n }
end

return L
