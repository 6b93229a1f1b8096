-- The Scroll of Teleportation (WR §2.1 #23, D-28): a movement card, used
-- up: instead of the turn's movement, to any other space of the base board.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local death = require "rules.death"
local movement = require "rules.movement"
local M = {}

function M.read(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  movement.done()
  C.ask_space(t.seat, card, C.other_spaces(board.where(t.char)), M.go)
end

function M.go(ctx)
  local t = T.var("turn")
  C.used(t.char, ctx.args.card)
  death.discard(ctx.args.card)
  movement.put(t.char, ctx.choice, "card")
end

M.extend = {
  move_options = function(ctx)
    if not C.mine(ctx) then return nil end
    return { C.movement_option(ctx.self, { "card.scroll_of_teleportation.read", card = ctx.self }, M.read) }
  end,
}

return M
