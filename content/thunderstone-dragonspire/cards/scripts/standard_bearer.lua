-- Standard Bearer (§6.5): TROPHY: Attack +1 against Humanoids.
local T = tabula
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.battle(ctx)
  if not T.has_tag(ctx.args.target, "humanoid") then return nil end
  return E.give(ctx, { attack = E.n(ctx.self, "attack") })
end

return M
