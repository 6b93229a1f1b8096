-- Iron Rations (§6.2): DUNGEON: one Hero gains Strength +2 (several may feed
-- one Hero).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "feed", label = { "fx.hero_strength", n = E.n(ctx.self, "strength") },
    when = function(c) return #C.heroes(c.args.seat) > 0 end,
  } })
end

function M.feed(ctx)
  E.pick { seat = ctx.args.seat, cards = C.heroes(ctx.args.seat), prompt = "fx.which_hero", then_fn = M.fed }
end

function M.fed(ctx) C.add_strength(E.picked(ctx), E.n(ctx.self, "strength")) end

return M
