-- Flame Hero (§6.3): Attack +3 (a prop). Magic Attack +2 for each point of
-- Light beyond the light penalty (§5.3). SPOILS: buy a Light Item.
local T = tabula
local E = require "rules.effects"
local battle = require "rules.battle"
local M = { extend = {} }

function M.extend.battle(ctx) return E.give(ctx, { surplus_magic = E.n(ctx.self, "surplus_magic") }) end

function M.extend.effects(ctx)
  return E.offer(ctx, "spoils", { {
    fn = "buy", label = "fx_hero.buy_light_item", when = function(c) return battle.can_attack(c.self) end,
  } })
end

function M.buy(ctx)
  E.spoils_buy(ctx, function(c) return T.has_tag(c, "light") and T.has_tag(c, "item") end)
end

return M
