-- Free Training (PB §6.2): the drawer chooses a guild, which shows a new ability.
local T = tabula
local board = require "rules.board"
local guilds = require "rules.guilds"
local M = {}

function M.resolve(ctx)
  local options = {}
  for _, g in ipairs(board.GUILDS) do options[#options + 1] = { id = g, label = "guild." .. g } end
  T.decide { seat = ctx.args.seat, prompt = "chance.free_training", options = options, on_choice = M.chosen }
end

function M.chosen(ctx) guilds.new_offer(ctx.choice) end

return M
