-- Variant 15.c, cave-ins (dorn.md §4.17). Setup draws `caveins_drawn` of
-- the tokens at random (the Lord draws them blind) and puts each on the
-- field tagged `cavein_spot_<number>`, with `cavein_lives` lives. While a
-- cave-in stands, its field is an obstacle for every route of the base's
-- rules (`obstacles`: lines of sight, spell routes, teleports); its kind
-- alone keeps figures from entering it (rules/board.lua). Once destroyed
-- it is in `spent`, out of the game.
local T = tabula
local names = require "rules.names"
local chance = require "std.chance"
local M = {}

local function tokens()
  local out = {}
  for _, d in ipairs(T.defs { kind = "cavein" }) do out[#out + 1] = d end
  table.sort(out, function(a, b) return T.def_get(a, "number") < T.def_get(b, "number") end)
  return out
end

function M.place()
  local box = tokens()
  for _ = 1, math.min(T.param("caveins_drawn"), #box) do
    local def = chance.take("cavein", box)
    local field = T.nodes("board", "cavein_spot_" .. T.def_get(def, "number"))[1]
    local c = T.create(def, field)
    T.set(c, "max_life", T.param("cavein_lives"))
    T.log { "caveins.placed", cavein = c, field = names.of(field) }
  end
end

M.extend = {
  obstacles = function()
    local out = {}
    for _, id in ipairs(T.placed("board", "cavein")) do out[#out + 1] = T.where(id) end
    return out
  end,
}

return M
