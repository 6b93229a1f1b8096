-- Soul Gem (§6.4): Light +1 per Level of your highest-level Hero revealed and
-- still in play (Terakian Peer, level 2: Light +2; Militia is level 0).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.battle(ctx)
  local level = 0
  for _, h in ipairs(C.heroes(ctx.args.seat)) do level = math.max(level, T.get(h, "level")) end
  if level == 0 then return nil end
  return E.give(ctx, { light = level * E.n(ctx.self, "light") })
end

return M
