-- The Bronze Steed (WR D-29): a movement card. Instead of the turn's
-- movement, its holder rides for free to any ring space up to
-- effect.steps steps away, either way. A movement option, so a rule that
-- forbids moving (the channel `may_move`) leaves it out.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local movement = require "rules.movement"
local M = {}

function M.ride(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  movement.done()
  C.ask_space(t.seat, card, C.within(board.where(t.char), T.get(card, "effect").steps), M.go)
end

function M.go(ctx)
  local t = T.var("turn")
  C.used(t.char, ctx.args.card)
  movement.put(t.char, ctx.choice, "card")
end

M.extend = {
  move_options = function(ctx)
    local steps = T.get(ctx.self, "effect").steps
    if not C.mine(ctx) or #C.within(ctx.args.space, steps) == 0 then return nil end
    return { C.movement_option(ctx.self, { "card.bronze_steed.ride", card = ctx.self, steps = steps }, M.ride) }
  end,
}

return M
