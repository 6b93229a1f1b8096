-- Deals one card of a shuffled pile of two gold and two lead to each seat;
-- gold wins. The crown goes to the table, owned by seat 1.
local T = tabula
local M = {}

function M.deal()
  for _ = 1, 2 do
    T.create("gold", "pile")
    T.create("lead", "pile")
  end
  T.shuffle("pile")
  T.create("crown", "table", 1)
  local winners = {}
  for seat = 1, 2 do
    local card = T.zone("pile")[1]
    T.move(card, "hand", seat)
    if T.def(card) == "gold" then winners[#winners + 1] = seat end
  end
  T.game_over { winners = winners }
end

return M
