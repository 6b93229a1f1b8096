-- Silverstorm (§6.4): Magic Attack +1 for every 2 gold you reveal (every
-- card still in play with a gold value, rounded down). Used again through
-- Bluefire Staff, it counts twice.
local C = require "rules.cards"
local E = require "rules.effects"
local bluefire = require "cards.scripts.lib.village_bluefire"
local M = { extend = {} }

function M.extend.battle(ctx)
  local per = C.revealed_gold(ctx.args.seat) // E.n(ctx.self, "gold")
  return E.give(ctx, { magic = per * E.n(ctx.self, "magic") * bluefire.times(ctx.self) })
end

return M
