-- The Banner of Doom (D-29): once per turn (`used_on` = the turn's
-- number), in its holder's chance phase before the card is drawn: every
-- other character on the base board (D-29) loses effect.lives lives. The option
-- replaces the phase's "draw" answer, so the draw is asked again after.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local chance = require "rules.chance"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

local function victims(holder)
  local out = {}
  for _, c in ipairs(board.characters()) do
    if c ~= holder and board.on_board(board.where(c)) then out[#out + 1] = c end
  end
  return out
end

function M.wave(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  T.set(card, "used_on", t.n)
  T.log({ "card.banner_of_doom.waved", card = card, who = names.who(t.char) })
  for _, c in ipairs(victims(t.char)) do resources.lose_lives(c, T.get(card, "effect").lives, "banner_of_doom") end
  -- After the deaths it may cause have been dealt with.
  T.schedule(chance.draw)
end

M.extend = {
  before_chance = function(ctx)
    if not C.mine(ctx) or T.get(ctx.self, "used_on") == T.var("turn").n or #victims(ctx.args.character) == 0 then
      return nil
    end
    local label = { "card.banner_of_doom.wave", card = ctx.self, n = T.get(ctx.self, "effect").lives }
    return { C.option(ctx.self, label, M.wave) }
  end,
}

return M
