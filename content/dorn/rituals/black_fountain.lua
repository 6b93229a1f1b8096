-- R2 Black Fountain (dorn.md §6.7): for the rest of the game the Healing
-- Fountains heal no hero (H4 asks the channel `heal_on_field`), and a
-- monster that ends its move on one heals there instead. Ruling: the
-- monsters on a fountain at the end of the Lord turn (L6, after L3 and L4)
-- heal, as much as a fountain heals a hero (`heal_on_field`).
local T = tabula
local board = require "rules.board"
local wounds = require "rules.wounds"
local rituals = require "rules.rituals"
local M = {}

function M.play() end

M.modify = {
  heal_on_field = function(ctx)
    if rituals.data(ctx) and T.kind(ctx.args.figure) == "hero" and board.tagged(ctx.args.field, "fountain") then
      return 0
    end
    return nil
  end,
}

M.on = {
  turn_ended = function(ctx)
    if not rituals.data(ctx) or ctx.args.side ~= "lord" then return end
    for _, m in ipairs(board.all("monster")) do
      local f = board.field(m)
      if board.tagged(f, "fountain") then
        local n = T.modify("heal_on_field", T.param("heal_on_field"), { figure = m, field = f })
        wounds.heal(m, n, { how = "ritual", card = ctx.self })
      end
    end
  end,
}

return M
