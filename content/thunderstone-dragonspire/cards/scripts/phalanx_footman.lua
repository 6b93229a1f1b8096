-- Phalanx Footman (§6.3): Attack +2 (a prop). Attack +1 and Strength +1 for
-- each other Phalanx card you reveal (Footman or Officer).
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.battle(ctx)
  if not C.in_play(ctx.self) then return nil end
  return E.give(ctx, { attack = E.n(ctx.self, "phalanx_attack") * E.others_of_stack(ctx) })
end

function M.extend.strength(ctx)
  if ctx.args.hero ~= ctx.self or not C.in_play(ctx.self) then return nil end
  return { E.n(ctx.self, "phalanx_strength") * E.others_of_stack(ctx) }
end

return M
