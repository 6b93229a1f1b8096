-- B7 Strength of Wrath (dorn.md §6.8): this heroes' turn the hero has
-- `attacks` more attacks (or spells): the channel `attacks` that
-- the H3 pipeline asks.
local T = tabula
local blessings = require "rules.blessings"
local M = {}

function M.play() end

M.modify = {
  attacks = function(ctx)
    local d = blessings.data(ctx)
    if d and d.hero == ctx.args.figure then return ctx.args.amount + T.get(ctx.self, "attacks") end
    return nil
  end,
}

return M
