-- Tomb Haunt (§6.5): BATTLE: gain 1 Disease.
local C = require "rules.cards"
local M = {}

function M.battle(ctx) C.gain_disease(ctx.args.seat) end

return M
