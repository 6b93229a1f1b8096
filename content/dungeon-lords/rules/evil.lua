-- The Evil scale and the paladin (§4.1.2, §4.5). Every movement of a cube
-- goes through E.move, which then checks the paladin: he comes from his
-- tent to the first lord on or above the paladin line, and moves on, with
-- his damage, to a lord in the zone who is strictly more evil than his
-- host. Ties go to the lord farther from the starting player (§4.5 item 4).
local T = tabula
local F = require "rules.fight"
local seats = require "std.seats"
local E = {}

local LINE, MIN, MAX = T.param("paladin_line"), T.param("evil_min"), T.param("evil_max")

function E.evil(seat) return T.counter(seat, "evil") end

-- The most evil lord among those for whom accept(seat) holds; nil if none.
local function most_evil(accept)
  local best
  for seat = 1, T.seats() do
    if accept(seat) then
      if not best or E.evil(seat) > E.evil(best)
        or (E.evil(seat) == E.evil(best) and seats.distance(seat) > seats.distance(best)) then
        best = seat
      end
    end
  end
  return best
end

local function paladin_host()
  for seat = 1, T.seats() do
    for _, h in ipairs(T.zone("party", seat)) do
      if T.get(h, "class") == "paladin" then return h, seat end
    end
  end
end

-- §4.5 item 1: each year has its own paladin. The next year's waits in the
-- tent beneath this year's, and only this year's may leave it.
function E.waiting_paladin()
  for _, p in ipairs(T.zone("paladin_tent")) do
    if T.get(p, "year") == (T.var("year") or 1) then return p end
  end
end

-- The paladin takes the front spot; only an illusion (a year-2 spell)
-- stands before him.
local function to_front(paladin, seat)
  local first = T.zone("party", seat)[1]
  local behind = first and first ~= paladin and T.has_tag(first, "illusion")
  T.move(paladin, "party", seat, behind and 2 or 1)
end

function E.check_paladin()
  local in_zone = function(seat) return E.evil(seat) >= LINE end
  local tent = E.waiting_paladin()
  if tent then
    local seat = most_evil(in_zone)
    if seat then
      to_front(tent, seat)
      T.log({ "evil.paladin_arrives", seat = seat })
    end
    return
  end
  local paladin, host = paladin_host()
  if not paladin then return end
  local seat = most_evil(function(s) return s ~= host and in_zone(s) and E.evil(s) > E.evil(host) end)
  if seat then
    to_front(paladin, seat)
    T.log({ "evil.paladin_moves", seat = seat, damage = T.get(paladin, "damage") })
  end
end

-- Moves the cube n steps (negative: toward good), capped at both ends; the
-- practice fights have no Evil scale.
function E.move(seat, n)
  if F.practice() then return end
  local evil = math.max(MIN, math.min(MAX, E.evil(seat) + n))
  T.set_counter(seat, "evil", evil)
  T.log({ n > 0 and "evil.toward_evil" or "evil.toward_good", seat = seat, n = math.abs(n), evil = evil })
  E.check_paladin()
end

-- §4.1.4: paying evil. The first game lets the cube go as far as it can;
-- the full game (F4, evil_payment_capped) forbids a payment past the top.
function E.can_pay(seat, n)
  return n <= 0 or not T.param("evil_payment_capped") or E.evil(seat) + n <= MAX
end

function E.pay(seat, n)
  if n > 0 then E.move(seat, n) end
end

-- The dummy cube of a 2-player game (§3.3): it only ever moves, capped at
-- both ends, and never attracts the paladin.
function E.move_dummy(n)
  local evil = math.max(MIN, math.min(MAX, T.var("dummy_evil") + n))
  T.set_var("dummy_evil", evil)
  T.log({ n > 0 and "evil.dummy_toward_evil" or "evil.dummy_toward_good", n = math.abs(n), evil = evil })
end

return E
