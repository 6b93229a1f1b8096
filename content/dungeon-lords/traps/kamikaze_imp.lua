-- Kamikaze imp (§5.4): 3 damage to the first hero and 1 to each other.
-- Costs 1 imp.
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local hits = TR.each(ctx.args.seat, 1)
    if hits[1] then hits[1].amount = 3 end
    TR.deal(ctx.args.seat, hits, ctx.self)
  end,
}
