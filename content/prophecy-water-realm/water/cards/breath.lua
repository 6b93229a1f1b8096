-- Deep Breath (D-34 WP-9: once a visit) and Breath of the Sea (D-38 U-4: for
-- `effect.magic` magic): instead of moving in the realm, spent bubbles come
-- back.
local T = tabula
local C = require "items.cards"
local movement = require "rules.movement"
local names = require "rules.names"
local realm = require "water.realm"
local M = {}

function M.breathe(ctx)
  local card = C.chosen(ctx.choice)
  local char = C.holder(card)
  local e = T.get(card, "effect")
  movement.done()
  if e.magic then T.set(char, "magic", T.get(char, "magic") - e.magic) else T.set(card, "used_on", T.get(char, "visit")) end
  local back = realm.refill(char, e.bubbles)
  T.log({ "water.log.breath", who = names.who(char), card = card, n = back })
end

M.extend = {
  move_options = function(ctx)
    local char = ctx.args.character
    if not C.mine(ctx) or not realm.is_water(ctx.args.space) or T.get(char, "air_spent") == 0 then return nil end
    local e = T.get(ctx.self, "effect")
    if e.magic and T.get(char, "magic") < e.magic then return nil end
    if not e.magic and T.get(ctx.self, "used_on") == T.get(char, "visit") then return nil end
    return { C.option(ctx.self, { "water.card.breathe", card = ctx.self, n = e.bubbles }, M.breathe) }
  end,
}

return M
