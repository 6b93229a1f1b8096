-- Demon (§5.1): an attack on anyone, with no restriction (priests and the first hero
-- too); the party does not conquer and takes no fatigue this round.
local A = require "rules.attack"
local F = require "rules.fight"
local M = {}

function M.attack(ctx)
  F.of(ctx.args.seat).no_conquest = true
  A.pick(ctx, A.targets(ctx), "monster.demon_whom", "strike")
end

function M.strike(ctx)
  A.hit(ctx, A.hero(ctx), A.strength(ctx, "attack"))
  A.exhaust(ctx)
end

return M
