-- Every card and won monster: in play it adds its attack and gold to its
-- player's totals, and a card with `peek` shows its owner the top of their
-- deck. Monsters declare no attack and no peek: read with defaults.
local T = tabula
local pile = require("std.pile")
local CHECK = require("cards.scope").check
local M = {}

-- Only one play zone holds cards at a time (the current player's), so
-- "in play" is all a card needs to know.
local function idle(self) return CHECK and T.where(self) ~= "play" end

M.modify = {
  attack = function(ctx)
    if idle(ctx.self) then return ctx.args.amount end
    return ctx.args.amount + T.get(ctx.self, "attack", 0)
  end,
  gold = function(ctx)
    if idle(ctx.self) then return ctx.args.amount end
    return ctx.args.amount + T.get(ctx.self, "gold")
  end,
}

M.on = {
  played = function(ctx)
    if ctx.args.card ~= ctx.self or idle(ctx.self) or not T.get(ctx.self, "peek", false) then return end
    local top = pile.top("deck", ctx.args.seat)
    if top then T.reveal(top, ctx.args.seat) end
  end,
}

return M
