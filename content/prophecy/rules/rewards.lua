-- Rewards of a beaten monster or lesser guardian (PB §5.2, D-25, D-26):
-- experience, gold, the top card of an item deck, or +1 to strength or
-- willpower (with "choice", the character picks).
local T = tabula
local deck = require "rules.deck"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.take_item(seat, which)
  local it = deck.draw(which .. "_deck", which .. "_discard")
  if it then
    T.move(it, "items", seat)
    T.turn(it, true)
    T.log({ "log.item_gained", who = names.who(require("rules.board").character(seat)), item = it })
  end
  return it
end

function M.give(char, card)
  local seat = T.owner(char)
  local exp, gold = T.get(card, "exp"), T.get(card, "gold")
  if exp > 0 then resources.add(seat, "exp", exp) end
  if gold > 0 then resources.add(seat, "gold", gold) end
  if exp > 0 and gold > 0 then
    T.log({ "log.reward", who = names.who(char), exp = exp, gold = gold })
  elseif exp > 0 then
    T.log({ "log.reward_exp", who = names.who(char), exp = exp })
  elseif gold > 0 then
    T.log({ "log.reward_gold", who = names.who(char), gold = gold })
  end
  local item = T.get(card, "item")
  if item ~= "" then M.take_item(seat, item) end
  local raise = T.get(card, "raise")
  if raise == "choice" then
    T.decide { seat = seat, prompt = "reward.raise", on_choice = M.raised, args = { char = char },
               options = { { id = "strength", label = "word.strength" }, { id = "willpower", label = "word.willpower" } } }
  elseif raise ~= "" then
    resources.raise(char, raise)
  end
end

function M.raised(ctx) resources.raise(ctx.args.char, ctx.choice) end

return M
