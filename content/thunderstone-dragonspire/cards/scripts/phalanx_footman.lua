-- Phalanx Footman (§6.3): Attack +2 (a prop). Attack +1 and Strength +1 for
-- each other Phalanx card you reveal (Footman or Officer).
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

function M.extend.battle(ctx)
  if not C.in_play(ctx.self) then return nil end
  return E.give(ctx, { attack = E.n(ctx.self, "phalanx_attack") * others(ctx) })
end

function M.extend.strength(ctx)
  if ctx.args.hero ~= ctx.self or not C.in_play(ctx.self) then return nil end
  return { E.n(ctx.self, "phalanx_strength") * others(ctx) }
end

return M
