-- Illusion (components §8.2, §10.3): the hero the card summons stands at the
-- head of the party, even before the paladin.
local T = tabula
return {
  cast = function(ctx)
    local seat = ctx.args.seat
    local image = T.create(T.get(ctx.self, "summons"), "party", seat)
    T.move(image, "party", seat, "front")
    T.log({ "spell.illusion", seat = seat, hero = image })
  end,
}
