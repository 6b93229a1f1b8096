-- The Thunderstone screen (docs/packs.md, "[screen]"): what one player
-- sees, drawn from his view alone. The turn (whose, what he chose, the gold
-- of a Village visit, the target of a battle), the Dungeon Hall with the
-- light penalty of each rank, the Village stacks, the player's own cards
-- and the others in brief; at the end, the final scores.
local S = require "std.screen"
local turn = require "screen.turn"
local hall = require "screen.hall"
local village = require "screen.village"
local players = require "screen.players"
local final = require "screen.final"
local M = {}

function M.draw(view)
  return S.lines(function(add)
    if view.over then return final.draw(view, add) end
    turn.draw(view, add)
    add("")
    hall.draw(view, add)
    add("")
    village.draw(view, add)
    add("")
    players.draw(view, add)
  end)
end

return M
