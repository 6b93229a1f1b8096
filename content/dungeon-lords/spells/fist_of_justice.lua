-- Fist of Justice: the lord loses 1 imp.
local T = tabula
return {
  cast = function(ctx)
    if T.counter(ctx.args.seat, "imps") > 0 then
      T.add_counter(ctx.args.seat, "imps", -1)
      T.log("spell.fist_of_justice")
    end
  end,
}
