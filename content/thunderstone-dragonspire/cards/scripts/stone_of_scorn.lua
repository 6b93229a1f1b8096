-- Stone of Scorn (§6.1): 1 VP (printed). End of game: 4 VP more if every
-- other player owns more Monster cards than its owner (at scoring every
-- card of a seat lies in its play zone, rules/score.lua). A defeated
-- Guardian counts as a Monster card.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

local function monsters(seat)
  local n = 0
  for _, c in ipairs(T.zone("play", seat)) do
    local t = C.type(c)
    if t == "monster" or t == "guardian" then n = n + 1 end
  end
  return n
end

function M.extend.final_vp(ctx)
  local seat = ctx.args.seat
  local zone, owner = T.where(ctx.self)
  if zone ~= "play" or owner ~= seat then return nil end
  local mine = monsters(seat)
  for _, other in ipairs(C.others(seat)) do
    if monsters(other) <= mine then return nil end
  end
  return { E.n(ctx.self, "vp") }
end

return M
