-- B8 Firm Roots (dorn.md §6.8): in the next Lord turn the hero takes no
-- damage at all: every wound dealt to him then is prevented (the kernel's
-- `damage` channel, which every wound of rules/wounds.lua goes through).
local effects = require "rules.effects"
local blessings = require "rules.blessings"
local M = {}

function M.play() end

M.modify = {
  damage = function(ctx)
    local d = blessings.data(ctx)
    if d and d.hero == ctx.args.target and effects.side() == "lord" then return 0 end
    return nil
  end,
}

return M
