-- Fist of Justice: the lord loses imps (the card's `lose`), as many as he has.
local T = tabula
return {
  cast = function(ctx)
    local n = math.min(T.get(ctx.self, "lose"), T.counter(ctx.args.seat, "imps"))
    if n > 0 then
      T.add_counter(ctx.args.seat, "imps", -n)
      T.log({ "spell.fist_of_justice_n", seat = ctx.args.seat, n = n })
    end
  end,
}
