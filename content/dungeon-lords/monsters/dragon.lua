-- Dragon (§5.1): an attack on every hero, and the party skips healing this
-- round.
local A = require "rules.attack"
local F = require "rules.fight"
return {
  attack = function(ctx)
    A.all(ctx, A.strength(ctx, "attack"))
    F.of(ctx.args.seat).no_heal = true
    A.exhaust(ctx)
  end,
}
