-- Emerald Dragon (§6.7.2): TREASURE: when its owner defeats a Monster he
-- may put a card from his hand (his revealed cards, not one marked for
-- destruction) face down under it, aside. The next time any player
-- defeats a Monster worth 6 VP or more, the Dragon is destroyed and the
-- hidden card goes to that player's discard pile. One card at a time;
-- the hidden card's property `under` names its Dragon (on the card, which
-- nobody sees while it lies face down). A hidden card is out of its owner's deck: it does not score.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = { on = {} }

function M.on.monster_defeated(ctx)
  if T.where(ctx.self) ~= "aside" then return end
  local seat, hidden = ctx.args.seat, MB.under(ctx.self)
  if hidden then
    if T.get(ctx.args.monster, "vp") >= E.n(ctx.self, "min_vp") then
      C.destroy(ctx.self)
      T.set(hidden, "under", nil)
      T.turn(hidden, true)
      C.gain(hidden, seat)
      T.log { "fx_monster.log_taken", seat = seat, card = hidden }
    end
    return
  end
  if T.owner(ctx.self) ~= seat then return end
  local cards = {}
  for _, c in ipairs(C.party(seat)) do
    if not C.is_marked(c) then cards[#cards + 1] = c end
  end
  E.pick { seat = seat, cards = cards, optional = true, prompt = { "fx_monster.hide_prompt", card = ctx.self },
    then_fn = M.hide }
end

function M.hide(ctx)
  local card = E.picked(ctx)
  if not card then return end
  T.move(card, "aside", ctx.args.seat)
  T.turn(card, false)
  MB.set_under(ctx.self, card)
  C.forget(card)
  T.log { "fx_monster.log_hidden", seat = ctx.args.seat, card = ctx.self }
end

return M
