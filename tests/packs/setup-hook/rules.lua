local T = tabula
local M = { on = {} }

function M.on.game_set_up()
  for seat = 1, T.seats() do T.add_counter(seat, "gold", T.param("setup_bonus_gold")) end
end

return M
