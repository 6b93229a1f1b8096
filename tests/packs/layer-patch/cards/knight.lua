-- Version 2: shrugs off two points of every hit on itself.
return {
  modify = {
    damage = function(ctx)
      if ctx.args.target == ctx.self then return ctx.args.amount - 2 end
      return ctx.args.amount
    end,
  },
}
