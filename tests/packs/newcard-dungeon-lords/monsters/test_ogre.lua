-- A plain monster of a test layer: one standard attack of its `attack`.
local A = require "rules.attack"
local M = {}

function M.attack(ctx)
  A.standard(ctx, A.strength(ctx, "attack"))
  A.exhaust(ctx)
end

return M
