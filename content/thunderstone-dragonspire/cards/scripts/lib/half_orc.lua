-- Half-Orc Marauder and Dervish (§6.3): DUNGEON: destroy a card of a class
-- (Food, Item) for Attack +2, and each other player discards 1 card. Not a
-- card already used for an effect (§4.3 D2, the rulebook's Marauder and
-- Iron Rations example), nor the Half-Orc itself.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local others = require "cards.scripts.lib.others_discard"
local L = {}

function L.fodder(ctx, tag)
  return E.others_in_play(ctx, function(c) return T.has_tag(c, tag) and not E.used(c) end)
end

-- The effect's item for E.offer: `fn` the card's function, `tag` the class.
function L.item(ctx, fn, tag, label)
  return {
    fn = fn, when = function(c) return #L.fodder(c, tag) > 0 end,
    label = { label, n = E.n(ctx.self, "raid_attack"), d = E.n(ctx.self, "discard") },
  }
end

function L.raid(ctx, tag)
  E.pick { seat = ctx.args.seat, cards = L.fodder(ctx, tag), prompt = "fx_hero.which_destroy", then_fn = L.raided }
end

function L.raided(ctx)
  C.destroy(E.picked(ctx))
  E.bonus(ctx, "attack", E.n(ctx.self, "raid_attack"))
  others.start(ctx, nil, E.n(ctx.self, "discard"))
end

return L
