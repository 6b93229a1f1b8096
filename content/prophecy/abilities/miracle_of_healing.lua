-- Miracle of Healing (D-27): instead of the turn's movement,
-- +effect.lives lives, when wounded.
local T = tabula
local C = require "items.cards"
local movement = require "rules.movement"
local M = {}

function M.heal(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  movement.done()
  C.used(t.char, card)
  C.refresh(t.char, card, T.get(card, "effect").lives, 0)
end

M.extend = {
  move_options = function(ctx)
    local lives = T.get(ctx.self, "effect").lives
    if not C.mine(ctx) or not C.helps(ctx.args.character, ctx.self, lives, 0) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, lives, 0), M.heal) }
  end,
}

return M
