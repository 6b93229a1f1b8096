-- Fire Giant (§6.5): BATTLE: destroy 1 Hero with the lowest Strength (the
-- player picks among ties, OQ-36). TROPHY: DUNGEON: one Hero gains
-- Strength +3.
local E = require "rules.effects"
local MB = require "cards.scripts.lib.monster_battle"
local M = { extend = {} }

function M.battle(ctx)
  MB.destroy { seat = ctx.args.seat, n = E.n(ctx.self, "destroy"), pick = "weakest", prompt = "fx.hero_destroyed" }
end

function M.extend.effects(ctx) return E.offer(ctx, "dungeon", { E.feed_item(ctx, true) }) end

M.feed = E.feed

return M
