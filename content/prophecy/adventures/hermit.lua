-- The Hermit (D-26): the character gives him one item (not an artifact:
-- those lie apart) and gains experience equal to half its price, rounded
-- up, plus effect.fewest_abilities_bonus when it has the fewest abilities
-- of all characters (ties count).
local T = tabula
local C = require "items.cards"
local board = require "rules.board"

local function fewest(seat)
  local mine = T.count("abilities", seat)
  for _, c in ipairs(board.characters()) do
    if T.count("abilities", T.owner(c)) < mine then return false end
  end
  return true
end

local function reward(card, seat, item)
  local exp = (T.get(item, "price") + 1) // 2
  if fewest(seat) then exp = exp + T.get(card, "effect").fewest_abilities_bonus end
  return exp
end

return C.barter("exp", reward, "card.hermit.give", "card.hermit.given")
