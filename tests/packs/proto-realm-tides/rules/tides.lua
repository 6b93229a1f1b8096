-- Tides: the tide rises each turn; at high tide a seat may surf. The option
-- joins the base's "act" decision through extend.actions and carries its
-- own continuation, so the base module needs no wrapper.
local T = tabula
local M = {}

function M.tide(ctx)
  T.set_var("tide", (T.var("tide") or 0) % T.param("high_tide") + 1)
end

function M.surf(ctx)
  local seat = ctx.args.seat
  local ring = T.param("ring")
  T.set_counter(seat, "pos", (T.counter(seat, "pos") + 1) % ring + 1)
  T.add_counter(seat, "gold", 1)
  T.set_var("tide", 1)
end

M.extend = {
  actions = function(ctx)
    if T.var("tide") ~= T.param("high_tide") then return nil end
    return { { id = "surf", label = "tides.surf", on_choice = M.surf } }
  end,
}

return M
