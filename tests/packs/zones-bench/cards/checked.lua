local T = tabula
return {
  modify = {
    power_checked = function(ctx)
      if T.where(ctx.self) ~= "play" then return ctx.args.amount end
      return ctx.args.amount + T.get(ctx.self, "power")
    end,
  },
}
