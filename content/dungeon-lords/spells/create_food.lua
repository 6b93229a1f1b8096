-- Create Food (components §8.2, official FAQ): a food token on the first
-- hero adds hp_bonus hit points for the rest of the combat. It is written on
-- the hero's own hit points, so it heals like them and a Poisoned meal,
-- which deals his hit points, deals that much more. Nothing takes it off:
-- when the combat ends the hero leaves it for good (prison, Distant Lands).
local T = tabula
local P = require "rules.party"
return {
  cast = function(ctx)
    local first = P.first(ctx.args.seat)
    if not first then return end
    local n = T.get(ctx.self, "hp_bonus")
    T.add(first, "hp", n)
    T.log({ "spell.create_food", seat = ctx.args.seat, hero = first, n = n })
  end,
}
