-- Training Offer (PB §6.2): both guilds of the drawer's character show a new ability.
local T = tabula
local board = require "rules.board"
local guilds = require "rules.guilds"
local M = {}

function M.resolve(ctx)
  for _, g in ipairs(T.get(board.character(ctx.args.seat), "guilds")) do guilds.new_offer(g) end
end

return M
