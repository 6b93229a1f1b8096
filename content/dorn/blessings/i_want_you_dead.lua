-- B6 I Want You Dead (dorn.md §6.8): the hero names a monster within
-- `range` fields; it loses all its lives at once, and its token is
-- the hero's XP (by = the hero, how = "blessing").
local T = tabula
local board = require "rules.board"
local wounds = require "rules.wounds"
local blessings = require "rules.blessings"
local M = {}

M.extend = blessings.needs(function(h, card) return blessings.monsters_within(h, T.get(card, "range")) end)

function M.play(ctx)
  local options = {}
  for _, m in ipairs(blessings.monsters_within(ctx.args.hero, T.get(ctx.self, "range"))) do
    options[#options + 1] = { id = m, entity = m }
  end
  T.decide { seat = ctx.args.seat, prompt = "blessing.kill", options = options, on_choice = M.named, args = ctx.args }
end

function M.named(ctx)
  local m = ctx.choice
  wounds.deal(m, board.life(m), { by = ctx.args.hero, how = "blessing", card = ctx.self })
end

return M
