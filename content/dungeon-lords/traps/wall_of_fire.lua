-- Wall of fire (§5.4): 1 damage to each hero and 1 more to the last.
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local hits = TR.each(ctx.args.seat, 1)
    hits[#hits].amount = hits[#hits].amount + 1
    TR.deal(ctx.args.seat, hits, ctx.self)
  end,
}
