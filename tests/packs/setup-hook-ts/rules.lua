local T = tabula
local M = { on = {} }

function M.on.game_set_up()
  for seat = 1, T.seats() do T.add_counter(seat, "xp", 1) end
end

return M
