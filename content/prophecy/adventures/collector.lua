-- The Collector (D-26): buys one of the character's items for its full
-- price, then leaves. Artifacts lie apart (zone `artifacts`) and are never
-- sold. With nothing worth selling he offers nothing: he "cannot be used
-- empty" (seed) and stays.
local T = tabula
local C = require "items.cards"
local death = require "rules.death"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.sell(ctx)
  local t = T.var("turn")
  local card, item = C.chosen(ctx.choice)
  local gold = T.get(item, "price")
  resources.add(t.seat, "gold", gold)
  T.log({ "card.collector.sold", who = names.who(t.char), item = item, card = card, gold = gold })
  -- A sale like the market's: cards that reward selling hear of it.
  T.emit("sold", { seat = t.seat, character = t.char, item = item })
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
        local label = { "card.collector.sell", card = ctx.self, item = it, gold = gold }
        out[#out + 1] = C.option(ctx.self, label, M.sell, it)
      end
    end
    return out
  end,
}

return M
