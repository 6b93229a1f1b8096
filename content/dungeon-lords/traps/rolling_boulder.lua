-- Rolling boulder (§5.4): its damage to the first hero.
local P = require "rules.party"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    TR.deal(ctx.args.seat, { { hero = P.first(ctx.args.seat), amount = TR.value(ctx.self, "damage") } }, ctx.self)
  end,
}
