-- Gorinth Miser (§6.3): Magic Attack +1 for each revealed card with a gold
-- value, the Miser included (Militia's 0 is a gold value; "—" is not).
-- DUNGEON: destroy a card with no gold value to draw 2 cards (not one used
-- for an effect, §4.3 D2).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function fodder(ctx)
  return E.others_in_play(ctx, function(c) return C.gold(c) == nil and not E.used(c) end)
end

function M.extend.battle(ctx)
  local n = 0
  for _, c in ipairs(C.party(ctx.args.seat)) do
    if C.gold(c) ~= nil then n = n + 1 end
  end
  return E.give(ctx, { magic = E.n(ctx.self, "per_gold_card") * n })
end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "purge", label = { "fx_hero.no_gold_draw", n = E.n(ctx.self, "draw") },
    when = function(c) return #fodder(c) > 0 end,
  } })
end

function M.purge(ctx)
  E.pick { seat = ctx.args.seat, cards = fodder(ctx), prompt = "fx_hero.which_destroy", then_fn = M.purged }
end

function M.purged(ctx)
  C.destroy(E.picked(ctx))
  E.draw(ctx, E.n(ctx.self, "draw"))
end

return M
