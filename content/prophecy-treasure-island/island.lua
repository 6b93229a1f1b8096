-- Treasure Island (prophecy-water-realm.md §3.4): the layer's rules, by
-- part. The parts answer the base's extension points and events
-- themselves (docs/contracts.md, "Prophecy"):
--   island/setup.lua      the Map-Part pile and the treasures (flow hooks)
--   island/maps.lua       placing, picking up, giving and spending Map Parts (turn_ending)
--   island/treasures.lua  the shown treasures and digging (space_options, lost_card)
--   island/voyage.lua     the voyages to and from the island (move_options)
--   island/fight.lua      the Fight for Maps (pvp_options, fight_over)
--   island/rating.lua     how `ai` seats rate Map Parts and fame (not a rule)
return {
  setup = require "island.setup",
  maps = require "island.maps",
  treasures = require "island.treasures",
  voyage = require "island.voyage",
  fight = require "island.fight",
  rating = require "island.rating",
}
