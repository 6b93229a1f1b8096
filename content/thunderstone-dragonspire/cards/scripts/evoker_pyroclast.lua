-- Evoker Pyroclast (§6.3): Attack +4 against Rank 2 or 3. DUNGEON: destroy 1 XP
-- for Magic Attack +4 and Light +3 (lib/evoker.lua: no Light in Rank 1).
local evoker = require "cards.scripts.lib.evoker"
local M = { extend = {} }

function M.extend.battle(ctx) return evoker.battle(ctx) end
function M.extend.effects(ctx) return evoker.effects(ctx) end
function M.burn(ctx) evoker.burn(ctx) end

return M
