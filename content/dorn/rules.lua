-- The rules of Dorn (dorn.md §3-§4): the flow's hooks, by part of the game.
-- pack.toml's RULES block names them as "<part>.<function>".
return {
  setup = require "rules.setup",
  lord = require "rules.lord",
  summon = require "rules.summon",
  movement = require "rules.movement",
  lord_combat = require "rules.lord_combat",
  heroes = require "rules.heroes",
  hero_combat = require "rules.hero_combat",
  victory = require "rules.victory",
  artifacts = require "rules.artifacts",
  treasures = require "rules.treasures",
  levels = require "rules.levels",
  rituals = require "rules.rituals",
  blessings = require "rules.blessings",
  rating = require "rules.rating",
}
