-- A knight shrugs off the first point of every hit.
return {
  modify = {
    damage = function(ctx)
      if ctx.args.target == ctx.self then return ctx.args.amount - 1 end
      return ctx.args.amount
    end,
  },
}
