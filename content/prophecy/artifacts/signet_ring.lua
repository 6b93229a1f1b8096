-- The Signet Ring (D-29): +effect.bonus to its holder in every fight on a
-- civilization space.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local M = {}

M.modify = {
  combat_bonus = function(ctx)
    local a = ctx.args
    if C.holder(ctx.self) == a.fighter and board.tagged(board.where(a.fighter), "civilization") then
      return a.amount + T.get(ctx.self, "effect").bonus
    end
    return a.amount
  end,
}

return M
