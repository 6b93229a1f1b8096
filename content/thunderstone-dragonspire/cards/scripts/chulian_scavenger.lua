-- Chulian Scavenger (§6.3): Attack +2 (a prop). DUNGEON: each other player
-- discards a Weapon or shows he has none (lib/others_discard.lua).
local E = require "rules.effects"
local others = require "cards.scripts.lib.others_discard"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "scavenge", label = "fx_hero.others_weapon" } })
end

function M.scavenge(ctx) others.start(ctx, "weapon", 1) end

return M
