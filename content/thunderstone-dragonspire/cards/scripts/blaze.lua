-- Blaze (§6.5): GLOBAL Light +2 and "defeated only if a Spell or Item is
-- used" are props. TROPHY: DUNGEON: destroy 1 Disease (from the revealed
-- hand).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function diseased(ctx) return #C.with_tag(ctx.args.seat, "disease") > 0 end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { {
    fn = "cure", label = { "fx_monster.destroy_disease", n = E.n(ctx.self, "diseases") }, when = diseased, must = true,
  } })
end

function M.cure(ctx)
  for _ = 1, E.n(ctx.self, "diseases") do
    local d = C.with_tag(ctx.args.seat, "disease")[1]
    if d then C.destroy(d) end
  end
end

return M
