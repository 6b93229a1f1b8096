-- Colours and dummies (§3.2, §3.3): the players' colours are their seats;
-- with fewer than four players the remaining colours are dummies, each
-- handled by a player (2 players: dummy 1 by seat 1, dummy 2 by seat 2;
-- 3 players: seat 1 handles the only dummy, which asks him nothing).
local T = tabula
local C = {}

C.COLOURS = T.param("colours")

function C.players() return T.seats() end

-- A whole game has dummies only with 2 or 3 players.
function C.dummies()
  local out = {}
  if T.seats() < 2 then return out end
  for colour = T.seats() + 1, C.COLOURS do out[#out + 1] = colour end
  return out
end

function C.is_dummy(colour) return colour > T.seats() end

-- The seat that handles a dummy colour.
function C.handler(colour) return (colour - T.seats() - 1) % T.seats() + 1 end

-- A per-player-count parameter (a list indexed by the number of players).
function C.by_players(name) return T.param(name)[T.seats()] end

return C
