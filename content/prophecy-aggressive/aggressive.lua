-- The Aggressive variant (WR §3.5.2, Q-18): after a won fight between
-- characters the base asks its winner for other outcomes (the extension
-- point `pvp_won` {winner, loser}); when the loser holds a map, one of
-- them is such an outcome: it passes to the winner, and nothing else
-- happens (no experience, no life or item lost).
local T = tabula
local maps = require "island.maps"
local M = {}

function M.take_map(ctx) maps.give(ctx.args.loser, ctx.args.winner) end

M.extend = {
  pvp_won = function(ctx)
    if maps.held(T.owner(ctx.args.loser)) == 0 then return nil end
    return { { id = "map", label = "aggressive.take_map", on_choice = M.take_map } }
  end,
}

return M
