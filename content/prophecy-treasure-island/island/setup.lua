-- Setup (WR §3.4.2, §4.1 steps 7 and 10): the Map Parts are shuffled into
-- a face-down pile and the treasures onto the island, with the other
-- components; once the characters are chosen the top treasures are turned
-- up across the pile. (The chance cards join the chance deck with the
-- base's: their `copies` and `extra` say how many by player count.)
local T = tabula
local treasures = require "island.treasures"
local M = {}

function M.components()
  for _, def in ipairs(T.defs { kind = "map_part" }) do T.turn(T.create(def, "map_deck"), false) end
  T.shuffle("map_deck")
  for _, def in ipairs(T.defs { kind = "item" }) do
    if T.def_get(def, "deck") == "treasure" then
      for _ = 1, T.def_get(def, "copies") do T.turn(T.create(def, "treasure_pile"), false) end
    end
  end
  T.shuffle("treasure_pile")
end

function M.reveal() treasures.show() end

return M
