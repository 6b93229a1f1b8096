-- The guilds' offers (PB §8): a new ability goes on display; with more than
-- `offers_per_guild` shown, the older one goes face down under its guild's
-- deck (or where the extension point `lost_card` sends it).
local T = tabula
local deck = require "rules.deck"
local death = require "rules.death"
local M = {}

function M.show(guild, card)
  T.move(card, "offer_" .. guild)
  T.turn(card, true)
  T.log({ "log.offered", card = card, guild = { "guild." .. guild } })
  local shown = T.zone("offer_" .. guild)
  while #shown > T.param("offers_per_guild") do
    death.discard(shown[1])
    shown = T.zone("offer_" .. guild)
  end
end

-- The top card of the guild's deck goes on display.
function M.new_offer(guild)
  local card = deck.draw("deck_" .. guild)
  if card then M.show(guild, card) end
end

-- What a character pays for an ability: its experience cost, and as much
-- gold again unless it belongs to the card's guild (PB §8); the channel
-- `ability_gold` lets a card waive the gold.
function M.price(char, card)
  local exp = T.get(card, "cost")
  local gold = exp
  for _, g in ipairs(T.get(char, "guilds")) do
    if g == T.get(card, "guild") then gold = 0 end
  end
  gold = T.modify("ability_gold", gold, { character = char, card = card })
  return exp, gold
end

return M
