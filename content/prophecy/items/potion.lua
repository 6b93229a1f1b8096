-- The Healing and Magic Potions (D-28): drunk in the space phase for
-- +effect.lives lives or +effect.magic magic, only when that would help;
-- used up (D-21).
local T = tabula
local C = require "items.cards"
local death = require "rules.death"
local M = {}

function M.drink(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local e = T.get(card, "effect")
  C.used(t.char, card)
  C.refresh(t.char, card, e.lives, e.magic)
  death.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local e = T.get(ctx.self, "effect")
    if not C.mine(ctx) or not C.helps(ctx.args.character, ctx.self, e.lives, e.magic) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, e.lives, e.magic), M.drink) }
  end,
}

return M
