-- Poisoned meal (§5.4): damage to the first hero equal to his hit points
-- (the printed ones and any food token of Create Food) plus the entry's
-- `damage`, reduced by disarm like any trap damage. Costs food.
local T = tabula
local P = require "rules.party"
local TR = require "rules.trap"
return {
  trigger = function(ctx)
    local first = P.first(ctx.args.seat)
    local amount = T.get(first, "hp") + TR.value(ctx.self, "damage")
    TR.deal(ctx.args.seat, { { hero = first, amount = amount } }, ctx.self)
  end,
}
