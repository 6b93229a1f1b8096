-- The rules of Dorn (dorn.md §3-§4): the flow's hooks, by part of the game.
-- pack.toml's RULES block names them as "<part>.<function>".
return {
  setup = require "rules.setup",
  lord = require "rules.lord",
  summon = require "rules.summon",
  movement = require "rules.movement",
  heroes = require "rules.heroes",
  victory = require "rules.victory",
  rituals = require "rules.rituals",
  blessings = require "rules.blessings",
}
