-- Guardian of Torment (§6.6): GLOBAL: while it is in Rank 0, the Battle
-- effects of the monster fought happen once more (OQ-16). Its BREACH (to
-- Rank 0) is the rules' (§5.9.5).
local E = require "rules.effects"
local hall = require "rules.hall"
local M = { extend = {} }

function M.extend.battle_repeats(ctx)
  if hall.rank_of(ctx.self) ~= 0 then return nil end
  return { E.n(ctx.self, "repeats") }
end

return M
