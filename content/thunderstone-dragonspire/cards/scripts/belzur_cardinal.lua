-- Belzur Cardinal (§6.3): Magic Attack +3 (a prop). DUNGEON: draw 1 card.
-- VILLAGE/DUNGEON: destroy a Disease to draw 3 cards.
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function has_disease(ctx) return #C.with_tag(ctx.args.seat, "disease") > 0 end

function M.extend.effects(ctx)
  local items = { { fn = "cure", label = { "fx_hero.disease_draw", n = E.n(ctx.self, "cure_draw") }, when = has_disease } }
  if ctx.args.phase == "dungeon" then
    table.insert(items, 1, { fn = "draw", label = { "fx.draw", n = E.n(ctx.self, "draw") } })
  end
  return E.offer(ctx, { "village", "dungeon" }, items)
end

function M.draw(ctx) E.draw(ctx, E.n(ctx.self, "draw")) end

function M.cure(ctx)
  C.destroy(C.with_tag(ctx.args.seat, "disease")[1])
  E.draw(ctx, E.n(ctx.self, "cure_draw"))
end

return M
