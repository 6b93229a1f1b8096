-- The Dungeon Lords screen (docs/packs.md, "[screen]"): what one lord sees,
-- drawn from his view alone. The Year plan and the Evil scale, the central
-- board with the tavern and the shop, his own dungeon as a grid with all
-- that is his, the other lords in brief; at the end, the final scores.
local S = require "std.screen"
local board = require "screen.board"
local dungeon = require "screen.dungeon"
local lords = require "screen.lords"
local final = require "screen.final"
local M = {}

function M.draw(view)
  return S.lines(function(add)
    if view.over then return final.draw(view, add) end
    board.year_plan(view, add)
    board.evil_scale(view, add)
    if not board.in_combat(view) then
      board.central_board(view, add)
      board.market(view, add)
    end
    if view.seat then dungeon.lord(view, view.seat, add) end
    for _, seat in ipairs(view.seats) do
      if seat.seat ~= view.seat then lords.lord(view, seat.seat, add, board.in_combat(view)) end
    end
  end)
end

return M
