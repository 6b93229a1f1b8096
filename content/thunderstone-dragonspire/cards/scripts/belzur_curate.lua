-- Belzur Curate (§6.3): DUNGEON: draw 1 card. VILLAGE: destroy a Disease
-- for 2 gold.
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function has_disease(ctx) return #C.with_tag(ctx.args.seat, "disease") > 0 end

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, {
    ctx.args.phase == "dungeon" and { fn = "draw", label = { "fx.draw", n = E.n(ctx.self, "draw") } }
      or { fn = "cure", label = { "fx.disease_for_gold", n = E.n(ctx.self, "gold") }, when = has_disease },
  })
end

function M.draw(ctx) E.draw(ctx, E.n(ctx.self, "draw")) end

function M.cure(ctx)
  C.destroy(C.with_tag(ctx.args.seat, "disease")[1])
  E.gold(ctx, E.n(ctx.self, "gold"))
end

return M
