-- Guardian of Night (§6.6): GLOBAL: the basic light penalty of every rank
-- is doubled, while it is in the Dungeon: a rank of the Hall or Rank 0
-- (OQ-16). Its BREACH (to Rank 0) is the rules' (§5.9.5).
local E = require "rules.effects"
local hall = require "rules.hall"
local M = { extend = {} }

function M.extend.penalty_factor(ctx)
  if hall.rank_of(ctx.self) == nil then return nil end
  return { E.n(ctx.self, "factor") }
end

return M
