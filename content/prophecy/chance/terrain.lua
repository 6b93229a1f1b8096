-- Forest, Mountains, Plains (PB §6.2, D-18): every space of the card's
-- terrain gets one adventure card, clockwise from the drawer's space: face
-- up on an empty space, face down where one lies, none where two lie.
local T = tabula
local board = require "rules.board"
local deck = require "rules.deck"
local M = {}

function M.resolve(ctx)
  local terrain = T.get(ctx.self, "terrain")
  local from = board.where(board.character(ctx.args.seat))
  local start = board.on_ring(from) and board.INDEX[from] or 0
  for i = 0, #board.RING - 1 do
    local space = board.RING[(start + i) % #board.RING + 1]
    if board.tagged(space, "terrain:" .. terrain) then
      local lying = #board.adventures(space)
      if lying < T.param("adventures_per_space") then
        local card = deck.draw("adventure_deck", "adventure_discard")
        if card == nil then return end
        T.move(card, space)
        T.turn(card, lying == 0)
      end
    end
  end
end

return M
