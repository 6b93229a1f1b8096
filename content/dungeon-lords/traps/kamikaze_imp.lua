-- Kamikaze imp (§5.4): its damage to the first hero and `others` to each
-- hero behind him. Costs an imp.
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local hits = TR.each(ctx.args.seat, TR.value(ctx.self, "others"))
    if hits[1] then hits[1].amount = TR.value(ctx.self, "damage") end
    TR.deal(ctx.args.seat, hits, ctx.self)
  end,
}
