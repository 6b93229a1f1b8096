-- Cabal Sage (§6.3): Magic Attack +2, and +2 more for each Spell you
-- play (the printed +2 is a prop; lib/cabal.lua counts the Spells).
local cabal = require "cards.scripts.lib.cabal"
local M = { extend = {} }

function M.extend.battle(ctx) return cabal.battle(ctx) end

return M
