-- Trapdoor (§5.4): its damage to the first hero, and no conquest this round.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    F.of(ctx.args.seat).no_conquest = true
    T.log({ "trap.trapdoor", seat = ctx.args.seat })
    TR.deal(ctx.args.seat, { { hero = P.first(ctx.args.seat), amount = TR.value(ctx.self, "damage") } }, ctx.self)
  end,
}
