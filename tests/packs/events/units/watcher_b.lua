local T = tabula
return {
  on = {
    ping = function(ctx)
      local list = T.var("heard") or {}
      list[#list + 1] = "b#" .. ctx.self
      T.set_var("heard", list)
    end,
  },
}
