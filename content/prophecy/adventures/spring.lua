-- A Spring (D-26, invented): only a wounded character may drink from it:
-- +effect.lives lives.
local T = tabula
local C = require "items.cards"
local monsters = require "rules.monsters"
local M = {}

function M.drink(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  C.refresh(t.char, card, T.get(card, "effect").lives, 0)
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local lives = T.get(ctx.self, "effect").lives
    if not C.lies_here(ctx) or not C.helps(ctx.args.character, ctx.self, lives, 0) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, lives, 0), M.drink) }
  end,
}

return M
