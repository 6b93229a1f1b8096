-- Wall of fire (§5.4): its damage to each hero, and `last` more to the last.
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local hits = TR.each(ctx.args.seat, TR.value(ctx.self, "damage"))
    hits[#hits].amount = hits[#hits].amount + TR.value(ctx.self, "last")
    TR.deal(ctx.args.seat, hits, ctx.self)
  end,
}
