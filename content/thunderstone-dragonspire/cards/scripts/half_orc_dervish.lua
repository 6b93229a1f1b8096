-- Half-Orc Dervish (§6.3): Attack +3 (a prop). DUNGEON: destroy an Item for
-- Attack +2; each other player discards 1 card (lib/half_orc.lua). DUNGEON:
-- discard a card for Attack +2: any other revealed card, one used for an
-- effect too (§4.3 D2 bars only destroying it); not the Dervish, whose
-- bonus would leave play with him.
local C = require "rules.cards"
local E = require "rules.effects"
local half_orc = require "cards.scripts.lib.half_orc"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", {
    half_orc.item(ctx, "smash", "item", "fx_hero.item_attack"),
    { fn = "frenzy", label = { "fx_hero.discard_attack", n = E.n(ctx.self, "discard_attack") },
      when = function(c) return #E.others_in_play(c) > 0 end },
  })
end

function M.smash(ctx) half_orc.raid(ctx, "item") end

function M.frenzy(ctx)
  E.pick { seat = ctx.args.seat, cards = E.others_in_play(ctx), prompt = "fx_hero.which_discard_own",
    then_fn = M.frenzied }
end

function M.frenzied(ctx)
  C.discard(E.picked(ctx), ctx.args.seat)
  E.bonus(ctx, "attack", E.n(ctx.self, "discard_attack"))
end

return M
