-- Sneaking (D-27): the holder may leave the monsters on its space
-- unfought; nothing else on that space can then be used this turn, so the
-- space phase is over too.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local names = require "rules.names"
local M = {}

function M.sneak(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  t.monsters_done = true
  t.space_done = true
  t.used.sneaking = true            -- the space is not calm: no Map Part is taken (WR §3.4.4)
  T.log({ "card.sneaking.sneaked", card = card, who = names.who(t.char) })
end

M.extend = {
  monster_options = function(ctx)
    if not C.mine(ctx) or #board.monsters(ctx.args.space) == 0 then return nil end
    return { C.option(ctx.self, { "card.sneaking.sneak", card = ctx.self }, M.sneak) }
  end,
}

return M
