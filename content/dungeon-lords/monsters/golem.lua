-- Golem (§5.1): standard 4, then returns face up: it can fight every round.
local A = require "rules.attack"
return {
  attack = function(ctx)
    A.standard(ctx, 4)
    A.stay(ctx)
  end,
}
