-- Charity (PB §6.2, D-17): the poorest character(s) get gold; the one(s)
-- with the lowest current strength a life, with the lowest current
-- willpower magic. Characters the chance card does not reach are not
-- compared (WR §3.3.9).
local T = tabula
local chance = require "rules.chance"
local resources = require "rules.resources"
local M = {}

local function lowest(chars, value)
  local best, out = nil, {}
  for _, c in ipairs(chars) do
    local v = value(c)
    if best == nil or v < best then best, out = v, { c } elseif v == best then out[#out + 1] = c end
  end
  return out
end

function M.resolve(ctx)
  local e = T.get(ctx.self, "effect")
  local chars = chance.affected()
  for _, c in ipairs(lowest(chars, function(c) return resources.gold(T.owner(c)) end)) do
    resources.add(T.owner(c), "gold", e.gold)
  end
  for _, c in ipairs(lowest(chars, function(c) return T.get(c, "lives") end)) do resources.heal(c, e.lives, "chance") end
  for _, c in ipairs(lowest(chars, function(c) return T.get(c, "magic") end)) do resources.restore_magic(c, e.magic, "chance") end
end

return M
