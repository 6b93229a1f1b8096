-- Stoneguard Bruiser (§6.3): Attack +4 (a prop), +3 more if equipped, +1
-- for each Mercenary you reveal (lib/stoneguard.lua).
local stoneguard = require "cards.scripts.lib.stoneguard"
local M = { extend = {} }

function M.extend.battle(ctx) return stoneguard.battle(ctx) end

return M
