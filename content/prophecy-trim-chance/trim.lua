-- Trimming the chance deck (WR §3.5.6, TV-08): with at least
-- trim_chance.min_players players, no copy of trim_chance.cards goes into
-- the chance deck (the base's channel `chance_copies` {def, players}).
local T = tabula
local M = {}

local TRIM = T.param("trim_chance")
local CARDS = {}
for _, def in ipairs(TRIM.cards) do CARDS[def] = true end

M.modify = {
  chance_copies = function(ctx)
    if ctx.args.players >= TRIM.min_players and CARDS[ctx.args.def] then return 0 end
    return ctx.args.amount
  end,
}

return M
