-- The Imp (D-26): the character discards one item (not an artifact: those
-- lie apart) and gains as much gold as its full price.
local T = tabula
local C = require "items.cards"
local death = require "rules.death"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.trade(ctx)
  local t = T.var("turn")
  local card, item = C.chosen(ctx.choice)
  local gold = T.get(item, "price")
  resources.add(t.seat, "gold", gold)
  T.log({ "card.imp.traded", card = card, who = names.who(t.char), item = item, gold = gold })
  death.discard(item)
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    if not C.lies_here(ctx) then return nil end
    local out = {}
    for _, it in ipairs(T.zone("items", ctx.args.seat)) do
      local gold = T.get(it, "price")
      if gold > 0 then
        out[#out + 1] = C.option(ctx.self, { "card.imp.trade", card = ctx.self, item = it, gold = gold }, M.trade, it)
      end
    end
    return out
  end,
}

return M
