-- Stoneguard Brute (§6.3): Attack +3 (a prop), +2 more if equipped
-- (lib/stoneguard.lua).
local stoneguard = require "cards.scripts.lib.stoneguard"
local M = { extend = {} }

function M.extend.battle(ctx) return stoneguard.battle(ctx) end

return M
