-- Prevents `ward` points of every hit on itself.
local T = tabula
return {
  modify = {
    damage = function(ctx)
      if ctx.args.target ~= ctx.self then return ctx.args.amount end
      local list = T.var("modifiers") or {}
      list[#list + 1] = "guard#" .. ctx.self
      T.set_var("modifiers", list)
      return ctx.args.amount - T.get(ctx.self, "ward")
    end,
  },
}
