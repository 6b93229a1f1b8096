-- Half-Orc Marauder (§6.3): Attack +2 (a prop). DUNGEON: destroy a Food for
-- Attack +2; each other player discards 1 card (lib/half_orc.lua).
local E = require "rules.effects"
local half_orc = require "cards.scripts.lib.half_orc"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { half_orc.item(ctx, "devour", "food", "fx_hero.food_attack") })
end

function M.devour(ctx) half_orc.raid(ctx, "food") end

return M
