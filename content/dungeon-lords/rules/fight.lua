-- The per-dungeon facts of the current combat round (§4.6.2): which square
-- is the battlefield, the disarm pool left, whether a monster attacked,
-- what was cancelled. Kept in the kernel as the variable "fight@<seat>".
local T = tabula
local F = {}

local function key(seat) return "fight@" .. seat end

function F.get(seat, k)
  local f = T.var(key(seat))
  return f and f[k]
end

function F.set(seat, k, v)
  local f = T.var(key(seat)) or {}
  f[k] = v
  T.set_var(key(seat), next(f) and f or nil)
end

function F.reset(seat) T.set_var(key(seat), nil) end

function F.practice() return T.option("mode") == "practice" end

-- The battlefield square of this round, or nil when there is none.
function F.square(seat) return F.get(seat, "square") end

return F
