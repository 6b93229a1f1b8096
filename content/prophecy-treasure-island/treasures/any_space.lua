-- Treasure 4c (D-30): a movement card kept after use; once per turn
-- (`used_on` = the turn's number), instead of the turn's movement, to any
-- other space of the base board (the island too; never into an astral
-- world, which is no space of the base board).
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local movement = require "rules.movement"
local M = {}

function M.use(ctx)
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
    return { C.movement_option(ctx.self, { "card.treasure_4c.use", card = ctx.self }, M.use) }
  end,
}

return M
