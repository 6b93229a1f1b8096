-- Pendulum (§5.4): its damage to the second hero (behind the paladin when he
-- leads). With one hero left the rule is unknown: the provisional parameter
-- pendulum_lone_hero says whether it hits him.
local T = tabula
local P = require "rules.party"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local heroes = P.heroes(ctx.args.seat)
    local target = heroes[2]
    if not target and T.param("pendulum_lone_hero") then target = heroes[1] end
    if target then TR.deal(ctx.args.seat, { { hero = target, amount = TR.value(ctx.self, "damage") } }, ctx.self) end
  end,
}
