-- The Air Flask (D-34 WP-8): once, in the realm, up to `effect.bubbles`
-- spent bubbles come back; then it leaves the game (it is a water card).
local T = tabula
local C = require "items.cards"
local death = require "rules.death"
local names = require "rules.names"
local realm = require "water.realm"
local M = {}

function M.drink(ctx)
  local card = C.chosen(ctx.choice)
  local char = C.holder(card)
  local back = realm.refill(char, T.get(card, "effect").bubbles)
  T.log({ "water.log.breath", who = names.who(char), card = card, n = back })
  death.discard(card)
end

M.extend = {
  realm_options = function(ctx)
    local char = ctx.args.character
    if C.holder(ctx.self) ~= char or not realm.is_water(ctx.args.cell) or T.get(char, "air_spent") == 0 then return nil end
    return { C.option(ctx.self, { "water.card.flask", card = ctx.self }, M.drink) }
  end,
}

return M
