-- Decks and their discard piles (PB §1): an empty deck is refilled from its
-- discard pile, shuffled - except where the rules say not (the chance deck
-- in the final battle, PB §9.2).
local T = tabula
local M = {}

-- The top card of `zone`, reshuffling `discard` into it when empty; nil if
-- both are empty. The card stays where it is: the caller moves it.
function M.draw(zone, discard)
  local cards = T.zone(zone)
  if #cards == 0 and discard then
    for _, c in ipairs(T.zone(discard)) do
      T.move(c, zone)
      T.turn(c, false)
    end
    T.shuffle(zone)
    cards = T.zone(zone)
  end
  return cards[1]
end

-- A card to the bottom of a deck, face down.
function M.bottom(card, zone)
  T.move(card, zone, nil, "back")
  T.turn(card, false)
end

return M
