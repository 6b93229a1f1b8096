-- Treasure Map and Treasure Maps (WR §3.4.3, C-18, C-19): effect.parts Map
-- Parts onto the board, plus the param `extra_map_parts` (Treasure
-- Hunters: one more, WR §3.5.4 item 1).
local T = tabula
local maps = require "island.maps"
local M = {}

function M.resolve(ctx)
  maps.place(T.get(ctx.self, "effect").parts + T.param("extra_map_parts"))
end

return M
