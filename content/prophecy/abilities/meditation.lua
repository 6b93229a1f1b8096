-- Meditation (D-27): instead of the turn's movement, +effect.magic magic,
-- when some is spent.
local T = tabula
local C = require "items.cards"
local movement = require "rules.movement"
local M = {}

function M.meditate(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  movement.done()
  C.used(t.char, card)
  C.refresh(t.char, card, 0, T.get(card, "effect").magic)
end

M.extend = {
  move_options = function(ctx)
    local magic = T.get(ctx.self, "effect").magic
    if not C.mine(ctx) or not C.helps(ctx.args.character, ctx.self, 0, magic) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, 0, magic), M.meditate) }
  end,
}

return M
