local T = tabula
return {
  modify = {
    power = function(ctx) return ctx.args.amount + T.get(ctx.self, "power") end,
  },
}
