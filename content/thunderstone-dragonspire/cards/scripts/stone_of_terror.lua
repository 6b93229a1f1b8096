-- Stone of Terror (§6.1): DUNGEON: draw 2 cards. End of game: 2 VP for each
-- other Thunderstone its owner owns (at scoring every card of a seat lies
-- in its play zone, rules/score.lua).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "draw", label = { "fx.draw", n = E.n(ctx.self, "draw") } } })
end

function M.draw(ctx) E.draw(ctx, E.n(ctx.self, "draw")) end

function M.extend.final_vp(ctx)
  local seat = ctx.args.seat
  local zone, owner = T.where(ctx.self)
  if zone ~= "play" or owner ~= seat then return nil end
  local others = 0
  for _, c in ipairs(T.zone("play", seat)) do
    if c ~= ctx.self and C.type(c) == "thunderstone" then others = others + 1 end
  end
  return { others * E.n(ctx.self, "vp_per_stone") }
end

return M
