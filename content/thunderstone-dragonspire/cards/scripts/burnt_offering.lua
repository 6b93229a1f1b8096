-- Burnt Offering (§6.4): VILLAGE/DUNGEON: destroy 1 other card (another
-- Burnt Offering may be it; not a card used for an effect, §4.3 D2); draw
-- extra cards when the hand is refilled at the end of the turn.
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function victims(ctx)
  return E.others_in_play(ctx, function(c) return not E.used(c) end)
end

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, { {
    fn = "offer", label = { "fx_village.offering", n = E.n(ctx.self, "draw") },
    when = function(c) return #victims(c) > 0 end,
  } })
end

function M.offer(ctx)
  E.pick { seat = ctx.args.seat, cards = victims(ctx), prompt = "fx_village.which_destroyed", then_fn = M.offered }
end

function M.offered(ctx)
  C.destroy(E.picked(ctx))
  C.turn().draw_bonus = C.turn().draw_bonus + E.n(ctx.self, "draw")
end

return M
