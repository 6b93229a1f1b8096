-- Seat order from the starting player, clockwise: the order most rules use
-- to resolve things "one player after another".
local T = tabula
local seats = {}

-- Every seat, the starting player first.
function seats.from_start()
  local out = {}
  for i = 0, T.seats() - 1 do out[#out + 1] = (T.start_seat() - 1 + i) % T.seats() + 1 end
  return out
end

-- How far a seat sits after the starting player (0 for the starting player).
function seats.distance(seat) return (seat - T.start_seat()) % T.seats() end

return seats
