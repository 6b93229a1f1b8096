-- The rules of Prophecy (prophecy-base.md §1-§9, with the readings of
-- prophecy-water-realm.md §8): the flow's hooks, by part of the game.
-- pack.toml's FLOW names them as "<part>.<function>".
return {
  setup = require "rules.setup",
  turn = require "rules.turn",
  chance = require "rules.chance",
  movement = require "rules.movement",
  monsters = require "rules.monsters",
  pvp = require "rules.pvp",
  space = require "rules.space",
  victory = require "rules.victory",
  rating = require "rules.rating",
}
