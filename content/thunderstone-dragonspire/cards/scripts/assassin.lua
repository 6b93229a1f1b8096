-- Assassin (§6.5): TROPHY: Attack +2 (in a party, mandatory: it is simply
-- counted). Cannot be defeated unless 5 Heroes are present: a prop.
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.battle(ctx) return E.give(ctx, { attack = E.n(ctx.self, "attack") }) end

return M
