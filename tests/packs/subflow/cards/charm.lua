local T = tabula
return {
  modify = {
    -- each charm adds its bonus, then doubles when asked: order shows in the result
    power = function(ctx)
      local a = ctx.args.amount + T.get(ctx.self, "bonus")
      if ctx.args.double then a = a * 2 end
      return a
    end,
  },
}
