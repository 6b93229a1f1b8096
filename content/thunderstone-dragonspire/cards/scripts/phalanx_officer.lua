-- Phalanx Officer (§6.3): Attack +4 (a prop). VILLAGE/DUNGEON: draw 1 card
-- for each other Phalanx card you reveal.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

-- The other Phalanx cards in play beside this one.
local function others(ctx)
  local _, seat = T.where(ctx.self)
  local n = 0
  for _, c in ipairs(C.party(seat)) do
    if c ~= ctx.self and T.get(c, "stack") == T.get(ctx.self, "stack") then n = n + 1 end
  end
  return n
end

function M.extend.effects(ctx)
  return E.offer(ctx, { "village", "dungeon" }, { {
    fn = "muster", label = { "fx_hero.draw_per_phalanx", n = E.n(ctx.self, "draw_per_phalanx") },
    when = function(c) return others(c) > 0 end,
  } })
end

function M.muster(ctx) E.draw(ctx, E.n(ctx.self, "draw_per_phalanx") * others(ctx)) end

return M
