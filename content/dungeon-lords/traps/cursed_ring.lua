-- Cursed ring (§5.4): its damage to each hero, and the party does not
-- conquer this round even if every point is disarmed. Costs gold.
local T = tabula
local F = require "rules.fight"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    F.of(ctx.args.seat).no_conquest = true
    T.log({ "trap.cursed_ring", seat = ctx.args.seat })
    TR.deal(ctx.args.seat, TR.each(ctx.args.seat, TR.value(ctx.self, "damage")), ctx.self)
  end,
}
