-- Terakian Defender (§6.3): Attack +2 (a prop). VILLAGE/DUNGEON: discard a
-- Disease to draw 1 card (lib/terakian.lua).
local E = require "rules.effects"
local terakian = require "cards.scripts.lib.terakian"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, { terakian.item(ctx, "relieve", { "disease" }, "fx_hero.discard_disease_draw") })
end

function M.relieve(ctx) terakian.relieve(ctx, { "disease" }) end

return M
