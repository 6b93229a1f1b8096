-- Terakian Peer (§6.3): Attack +3 (a prop). DUNGEON: discard a Disease to
-- draw 1 card and get Attack +1 (lib/terakian.lua).
local E = require "rules.effects"
local terakian = require "cards.scripts.lib.terakian"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { terakian.item(ctx, "relieve", { "disease" }, "fx_hero.discard_disease_attack") })
end

function M.relieve(ctx) terakian.relieve(ctx, { "disease" }) end

return M
