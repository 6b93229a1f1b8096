-- Recurve Bow (§6.4): against Rank 2 or 3, Attack +2 and +1 per Level of
-- the Hero carrying it; nothing in Rank 1 (nor Rank 0). The rules count it
-- only while it is carried by a Hero strong enough (Weight 5).
local T = tabula
local E = require "rules.effects"
local battle = require "rules.battle"
local M = { extend = {} }

function M.extend.battle(ctx)
  local hero = battle.carrier(ctx.self)
  if not hero or ctx.args.rank < E.n(ctx.self, "min_rank") then return nil end
  return E.give(ctx, { attack = E.n(ctx.self, "attack") + E.n(ctx.self, "per_level") * T.get(hero, "level") })
end

return M
