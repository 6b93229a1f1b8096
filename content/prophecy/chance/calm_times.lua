-- Calm Times (PB §6.2, D-01): the drawer plays a second turn this round,
-- straight after this one, without a chance card.
local T = tabula
local M = {}

function M.resolve()
  local st = T.var("seat_turns")
  st.left = st.left + 1
end

return M
