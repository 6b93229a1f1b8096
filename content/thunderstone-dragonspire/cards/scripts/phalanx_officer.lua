-- Phalanx Officer (§6.3): Attack +4 (a prop). VILLAGE/DUNGEON: draw 1 card
-- for each other Phalanx card you reveal.
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, { {
    fn = "muster", label = { "fx_hero.draw_per_phalanx", n = E.n(ctx.self, "draw_per_phalanx") },
    when = function(c) return E.others_of_stack(c) > 0 end,
  } })
end

function M.muster(ctx) E.draw(ctx, E.n(ctx.self, "draw_per_phalanx") * E.others_of_stack(ctx)) end

return M
