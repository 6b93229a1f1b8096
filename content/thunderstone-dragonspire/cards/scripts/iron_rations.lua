-- Iron Rations (§6.2): DUNGEON: one Hero gains Strength +2 (several may feed
-- one Hero).
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx) return E.offer(ctx, "dungeon", { E.feed_item(ctx) }) end

M.feed = E.feed

return M
