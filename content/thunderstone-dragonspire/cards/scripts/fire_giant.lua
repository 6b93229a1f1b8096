-- Fire Giant (§6.5): BATTLE: destroy 1 Hero with the lowest Strength (the
-- player picks among ties, OQ-36). TROPHY: DUNGEON: one Hero gains
-- Strength +3.
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = { extend = {} }

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "weakest", prompt = "fx.hero_destroyed" }
end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "feed", label = { "fx.hero_strength", n = E.n(ctx.self, "strength") },
    when = function(c) return #C.heroes(c.args.seat) > 0 end, must = true,
  } })
end

function M.feed(ctx)
  E.pick { seat = ctx.args.seat, cards = C.heroes(ctx.args.seat), prompt = "fx.which_hero", then_fn = M.fed }
end

function M.fed(ctx) C.add_strength(E.picked(ctx), E.n(ctx.self, "strength")) end

return M
