local T = tabula
local M = {}

function M.picked(ctx)
  T.set_var("chosen_by", "helper:" .. ctx.choice)
  T.set_var("picked_args", ctx.args)
end

M.extend = {
  options = function(ctx) return { { id = "h" .. ctx.self, on_choice = M.picked } } end,
}

return M
