-- A Sage (D-26, invented): pay effect.gold gold to gain effect.exp
-- experience.
local T = tabula
local C = require "items.cards"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.learn(ctx)
  local t = T.var("turn")
  local card = C.chosen(ctx.choice)
  local e = T.get(card, "effect")
  resources.pay(t.seat, "gold", e.gold)
  resources.add(t.seat, "exp", e.exp)
  T.log({ "card.sage.taught", card = card, who = names.who(t.char), gold = e.gold, exp = e.exp })
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    local e = T.get(ctx.self, "effect")
    if not C.lies_here(ctx) or resources.gold(ctx.args.seat) < e.gold then return nil end
    return { C.option(ctx.self, { "card.sage.learn", card = ctx.self, gold = e.gold, exp = e.exp }, M.learn) }
  end,
}

return M
