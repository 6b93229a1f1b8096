-- Gorinth Hoarder (§6.3): Magic Attack +3 (a prop). DUNGEON: destroy a card
-- for Magic Attack equal to its gold value. Not a card already used for an
-- effect (§4.3 D2), nor the Hoarder itself (the bonus is the Hoarder's: it
-- would leave play with it).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function fodder(ctx) return E.others_in_play(ctx, function(c) return not E.used(c) end) end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "hoard", label = "fx_hero.gold_to_magic", when = function(c) return #fodder(c) > 0 end,
  } })
end

function M.hoard(ctx)
  E.pick { seat = ctx.args.seat, cards = fodder(ctx), prompt = "fx_hero.which_destroy", then_fn = M.hoarded }
end

function M.hoarded(ctx)
  local card = E.picked(ctx)
  local gold = C.gold(card) or 0
  C.destroy(card)
  E.bonus(ctx, "magic", gold)
end

return M
