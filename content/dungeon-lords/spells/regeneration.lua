-- Regeneration (components §8.2, official FAQ): a heal outside the healing
-- step, so it works even when healing is cancelled. It removes the card's
-- `heal` damage front first.
local T = tabula
local S = require "rules.spell"
return {
  cast = function(ctx) S.heal_front(ctx.args.seat, T.get(ctx.self, "heal"), ctx.self) end,
}
