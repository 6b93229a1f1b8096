-- The Crisis redraw (WR §3.5.6, TV-68): when a Crisis the player drew
-- actually occurs (the base's event `crisis` {seat, occurred}: a roll of
-- 1-5, WR Q-32), it is resolved and the same player draws another chance
-- card at once. On a 6 nothing happens and nothing more is drawn.
local T = tabula
local board = require "rules.board"
local chance = require "rules.chance"
local names = require "rules.names"
local M = {}

M.on = {
  crisis = function(ctx)
    if not ctx.args.occurred then return end
    T.log({ "crisis_redraw.again", who = names.who(board.character(ctx.args.seat)) })
    chance.draw_card(ctx.args.seat)
  end,
}

return M
