-- Hospitality of the People (D-27): instead of the turn's movement, on a
-- civilization space, +effect.lives lives and +effect.magic magic.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local movement = require "rules.movement"
local M = {}

function M.stay(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local e = T.get(card, "effect")
  movement.done()
  C.used(t.char, card)
  C.refresh(t.char, card, e.lives, e.magic)
end

M.extend = {
  move_options = function(ctx)
    local e = T.get(ctx.self, "effect")
    if not C.mine(ctx) or not board.tagged(ctx.args.space, "civilization")
       or not C.helps(ctx.args.character, ctx.self, e.lives, e.magic) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, e.lives, e.magic), M.stay) }
  end,
}

return M
