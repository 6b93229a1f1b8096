-- Cabal Astrologer (§6.3): Magic Attack +1, and +1 more for each Spell you
-- play (the printed +1 is a prop; lib/cabal.lua counts the Spells).
local cabal = require "cards.scripts.lib.cabal"
local M = { extend = {} }

function M.extend.battle(ctx) return cabal.battle(ctx) end

return M
