-- Cutthroat (§6.5): TROPHY: DUNGEON: draw 1 card. (4+ Heroes: a prop.)
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "draw", label = { "fx.draw", n = E.n(ctx.self, "draw") }, must = true } })
end

function M.draw(ctx) E.draw(ctx, E.n(ctx.self, "draw")) end

return M
