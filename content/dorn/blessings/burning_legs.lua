-- B12 Burning Legs (dorn.md §6.8): this heroes' turn the hero has
-- `move` more movement (the channel `move`). It gives movement, not
-- leave to move: a hero held by Icy Prison stays where he is.
local T = tabula
local blessings = require "rules.blessings"
local M = {}

function M.play() end

M.modify = {
  move = function(ctx)
    local d = blessings.data(ctx)
    if d and d.hero == ctx.args.figure then return ctx.args.amount + T.get(ctx.self, "move") end
    return nil
  end,
}

return M
