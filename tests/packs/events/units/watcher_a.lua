local T = tabula
return {
  on = {
    ping = function(ctx)
      local list = T.var("heard") or {}
      list[#list + 1] = "a#" .. ctx.self
      T.set_var("heard", list)
    end,
  },
}
