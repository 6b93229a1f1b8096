-- A Shrine (D-26, invented): only a character that has spent magic may
-- pray here: +effect.magic magic.
local T = tabula
local C = require "items.cards"
local monsters = require "rules.monsters"
local M = {}

function M.pray(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  C.refresh(t.char, card, 0, T.get(card, "effect").magic)
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local magic = T.get(ctx.self, "effect").magic
    if not C.lies_here(ctx) or not C.helps(ctx.args.character, ctx.self, 0, magic) then return nil end
    return { C.option(ctx.self, C.gain_label(ctx.self, 0, magic), M.pray) }
  end,
}

return M
