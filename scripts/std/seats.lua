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

-- A seat group's seats ([seats.groups]) in the order a flow loop over the
-- group takes them: from the first member at or after the starting player,
-- in seat order, wrapping around within the group.
function seats.group_from_start(name)
  local group, start = T.group(name), T.start_seat()
  local first = 1
  for i, seat in ipairs(group) do
    if seat >= start then
      first = i
      break
    end
  end
  local out = {}
  for i = 0, #group - 1 do out[#out + 1] = group[(first - 1 + i) % #group + 1] end
  return out
end

return seats
