-- Flame Guard (§6.3): Attack +3 (a prop). Magic Attack +1 for each point of
-- Light beyond the light penalty (the battle computes the surplus, §5.3).
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.battle(ctx) return E.give(ctx, { surplus_magic = E.n(ctx.self, "surplus_magic") }) end

return M
