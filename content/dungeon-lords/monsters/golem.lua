-- Golem (§5.1): a standard attack, then returns face up: it can fight every
-- round.
local A = require "rules.attack"
return {
  attack = function(ctx)
    A.standard(ctx, A.strength(ctx, "attack"))
    A.stay(ctx)
  end,
}
