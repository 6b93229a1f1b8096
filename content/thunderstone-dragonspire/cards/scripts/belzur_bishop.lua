-- Belzur Bishop (§6.3): Magic Attack +2 (a prop). DUNGEON: draw 1 card.
-- Its REACTION (§4.9: an opponent's effect that names you goes to its
-- player) is the tag redirects: rules/reactions.lua target_opponent asks.
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "draw", label = { "fx.draw", n = E.n(ctx.self, "draw") } } })
end

function M.draw(ctx) E.draw(ctx, E.n(ctx.self, "draw")) end

return M
