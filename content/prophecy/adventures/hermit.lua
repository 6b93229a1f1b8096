-- The Hermit (D-26): the character gives him one item (not an artifact:
-- those lie apart) and gains experience equal to half its price, rounded
-- up, plus effect.fewest_abilities_bonus when it has the fewest abilities
-- of all characters (ties count).
local T = tabula
local C = require "items.cards"
local board = require "rules.board"
local death = require "rules.death"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

local function fewest(seat)
  local mine = T.count("abilities", seat)
  for _, c in ipairs(board.characters()) do
    if T.count("abilities", T.owner(c)) < mine then return false end
  end
  return true
end

local function reward(card, seat, item)
  local exp = (T.get(item, "price") + 1) // 2
  if fewest(seat) then exp = exp + T.get(card, "effect").fewest_abilities_bonus end
  return exp
end

function M.give(ctx)
  local t = T.var("turn")
  local card, item = C.chosen(ctx.choice)
  local exp = reward(card, t.seat, item)
  resources.add(t.seat, "exp", exp)
  T.log({ "card.hermit.given", card = card, who = names.who(t.char), item = item, exp = exp })
  death.discard(item)
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    if not C.lies_here(ctx) then return nil end
    local out = {}
    for _, it in ipairs(T.zone("items", ctx.args.seat)) do
      local exp = reward(ctx.self, ctx.args.seat, it)
      if exp > 0 then
        out[#out + 1] = C.option(ctx.self, { "card.hermit.give", card = ctx.self, item = it, exp = exp }, M.give, it)
      end
    end
    return out
  end,
}

return M
