-- Poisoned meal (§5.4): damage to the first hero equal to his printed hit
-- points, reduced by disarm like any trap damage. Costs 1 food.
local T = tabula
local P = require "rules.party"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local first = P.first(ctx.args.seat)
    TR.deal(ctx.args.seat, { { hero = first, amount = T.get(first, "hp") } }, ctx.self)
  end,
}
