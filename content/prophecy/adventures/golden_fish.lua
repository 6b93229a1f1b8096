-- The Golden Fish (D-26): only a character with the least gold of all
-- characters in the game (ties count, wherever they are) may use it:
-- +effect.gold gold.
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

local function poorest(seat)
  local mine = resources.gold(seat)
  for _, c in ipairs(board.characters()) do
    if resources.gold(T.owner(c)) < mine then return false end
  end
  return true
end

function M.wish(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local gold = T.get(card, "effect").gold
  resources.add(t.seat, "gold", gold)
  T.log({ "card.effect.gold", card = card, who = names.who(t.char), n = gold })
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    if not C.lies_here(ctx) or not poorest(ctx.args.seat) then return nil end
    local gold = T.get(ctx.self, "effect").gold
    return { C.option(ctx.self, { "card.golden_fish.wish", card = ctx.self, gold = gold }, M.wish) }
  end,
}

return M
