-- Version 1: shrugs off one point of every hit on itself, and says so.
return {
  modify = {
    damage = function(ctx)
      if ctx.args.target == ctx.self then return ctx.args.amount - 1 end
      return ctx.args.amount
    end,
  },
  on = {
    damaged = function(ctx) tabula.log("knight_saw") end,
  },
}
