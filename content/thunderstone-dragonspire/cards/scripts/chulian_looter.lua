-- Chulian Looter (§6.3): Attack +3 (a prop). DUNGEON: each other player
-- discards a Weapon or shows he has none; Attack +1 for each Weapon
-- discarded (lib/others_discard.lua).
local E = require "rules.effects"
local others = require "cards.scripts.lib.others_discard"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "loot", label = { "fx_hero.others_weapon_attack", n = E.n(ctx.self, "per_weapon") },
  } })
end

function M.loot(ctx) others.start(ctx, "weapon", 1, E.n(ctx.self, "per_weapon")) end

return M
