-- Veteran Reaver (§6.3): Attack +5 (a prop). DUNGEON: destroy a Hero for
-- Attack +4. SPOILS: gain 1 XP (lib/veteran.lua).
local veteran = require "cards.scripts.lib.veteran"
local M = { extend = {} }

function M.extend.effects(ctx) return veteran.effects(ctx) end
function M.sacrifice(ctx) veteran.sacrifice(ctx) end
function M.reward(ctx) veteran.reward(ctx) end

return M
