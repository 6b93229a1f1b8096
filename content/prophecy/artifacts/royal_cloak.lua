-- The Royal Cloak (D-29): a movement card; once per turn (`used_on` = the
-- turn's number), instead of the normal movement, to any space of the base board.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local movement = require "rules.movement"
local M = {}

function M.wear(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  T.set(card, "used_on", t.n)
  movement.done()
  C.ask_space(t.seat, card, C.other_spaces(board.where(t.char)), M.go)
end

function M.go(ctx)
  local t = T.var("turn")
  C.used(t.char, ctx.args.card)
  movement.put(t.char, ctx.choice, "card")
end

M.extend = {
  move_options = function(ctx)
    if not C.mine(ctx) or T.get(ctx.self, "used_on") == T.var("turn").n then return nil end
    return { C.movement_option(ctx.self, { "card.royal_cloak.wear", card = ctx.self }, M.wear) }
  end,
}

return M
