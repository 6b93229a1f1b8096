-- The Terakian heroes (§6.3): discard a Disease (Templar: or a Villager) to
-- draw cards and, from the Peer on, get Attack +N (`attack`).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local L = {}

local function fodder(ctx, tags)
  return E.others_in_play(ctx, function(c)
    for _, tag in ipairs(tags) do
      if T.has_tag(c, tag) then return true end
    end
    return false
  end)
end

-- The effect for E.offer: `fn` the card's function, `tags` the classes the
-- discarded card may have.
function L.item(ctx, fn, tags, label)
  local effect = T.get(ctx.self, "effect")
  return { fn = fn, label = { label, n = effect.draw, a = effect.attack },
    when = function(c) return #fodder(c, tags) > 0 end }
end

function L.relieve(ctx, tags)
  E.pick { seat = ctx.args.seat, cards = fodder(ctx, tags), prompt = "fx_hero.which_discard_own",
    then_fn = L.relieved }
end

function L.relieved(ctx)
  C.discard(E.picked(ctx), ctx.args.seat)
  E.draw(ctx, E.n(ctx.self, "draw"))
  local attack = T.get(ctx.self, "effect").attack
  if attack then E.bonus(ctx, "attack", attack) end
end

return L
