-- The Thunderstone screen (docs/packs.md, "[screen]"): what one player
-- sees, drawn from his view alone. The turn (whose, what he chose, the gold
-- of a Village visit, the target of a battle), the Dungeon Hall with the
-- light penalty of each rank, the Village stacks, the player's own cards
-- and the others in brief; at the end, the final scores.
local turn = require "screen.turn"
local hall = require "screen.hall"
local village = require "screen.village"
local players = require "screen.players"
local final = require "screen.final"
local M = {}

function M.draw(view)
  local lines = {}
  local function add(line) lines[#lines + 1] = line end
  if view.over then
    final.draw(view, add)
    return lines
  end
  turn.draw(view, add)
  add("")
  hall.draw(view, add)
  add("")
  village.draw(view, add)
  add("")
  players.draw(view, add)
  return lines
end

return M
