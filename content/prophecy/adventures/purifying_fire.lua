-- The Purifying Fire (D-26): the character loses 1 to effect.max_lives
-- lives, never its last one, and gains effect.exp_per_life experience for
-- each life really lost. One option per number of lives.
local T = tabula
local C = require "items.cards"
local monsters = require "rules.monsters"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.burn(ctx)
  local t = T.var("turn")
  local card, n = C.chosen(ctx.choice)
  local lost = resources.lose_lives(t.char, n, "purifying_fire")
  local exp = lost * T.get(card, "effect").exp_per_life
  resources.add(t.seat, "exp", exp)
  T.log({ "card.effect.exp", card = card, who = names.who(t.char), n = exp })
  monsters.discard(card)
end

M.extend = {
  space_options = function(ctx)
    if not C.lies_here(ctx) then return nil end
    local e = T.get(ctx.self, "effect")
    local out = {}
    for n = 1, math.min(e.max_lives, T.get(ctx.args.character, "lives") - 1) do
      local label = { "card.purifying_fire.burn", card = ctx.self, n = n, exp = n * e.exp_per_life }
      out[#out + 1] = C.option(ctx.self, label, M.burn, n)
    end
    return out
  end,
}

return M
