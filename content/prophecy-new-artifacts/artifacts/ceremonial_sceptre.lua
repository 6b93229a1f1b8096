-- The Ceremonial Sceptre (WR D-29), the Banner of Doom's pair: once per
-- turn (`used_on` = the turn's number), in its holder's chance phase
-- before the card is drawn, every other character on the base board loses
-- effect.magic magic. Like the Banner, the option replaces the phase's
-- "draw" answer, so the draw is asked again after (and still comes where
-- no card is drawn, the Heroic Solution's final battle).
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local chance = require "rules.chance"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

-- The other characters on the base board that have magic to lose.
local function victims(holder)
  local out = {}
  for _, c in ipairs(board.characters()) do
    if c ~= holder and board.on_board(board.where(c)) and T.get(c, "magic") > 0 then out[#out + 1] = c end
  end
  return out
end

function M.raise(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  T.set(card, "used_on", t.n)
  T.log({ "card.ceremonial_sceptre.raised", card = card, who = names.who(t.char) })
  for _, c in ipairs(victims(t.char)) do resources.lose_magic(c, T.get(card, "effect").magic) end
  T.schedule(chance.draw)
end

M.extend = {
  before_chance = function(ctx)
    if not C.mine(ctx) or T.get(ctx.self, "used_on") == T.var("turn").n or #victims(ctx.args.character) == 0 then
      return nil
    end
    local label = { "card.ceremonial_sceptre.raise", card = ctx.self, n = T.get(ctx.self, "effect").magic }
    return { C.option(ctx.self, label, M.raise) }
  end,
}

return M
