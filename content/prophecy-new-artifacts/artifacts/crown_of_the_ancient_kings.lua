-- The Crown of the Ancient Kings (WR D-29), the Signet Ring's pair: a head
-- item (+1 in every fight: its props), and while effect.no_ability_gold
-- holds, its holder pays no gold for the abilities of a guild not its own
-- (the channel `ability_gold`, rules/guilds.lua).
local T = tabula
local C = require "items.cards"
local M = {}

M.modify = {
  ability_gold = function(ctx)
    if T.get(ctx.self, "effect").no_ability_gold and C.holder(ctx.self) == ctx.args.character then return 0 end
    return ctx.args.amount
  end,
}

return M
