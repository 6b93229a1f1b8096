-- How good a position is for a seat: the pack's `[pack] score`, which the
-- `greedy` seats maximise one choice ahead and `mcts` seats use to score a
-- cut playout. Not a rule: the final score (§4.8) as it stands now, plus
-- what turns into points later (gold, food, imps, traps, tunnels: the
-- means of building rooms, hiring monsters and catching heroes, §4.4),
-- less an evil reputation past a safe mark (stronger heroes, and the
-- paladin from the paladin line on, §4.1.2, §4.5), less the best rival's
-- points. Read only from what the seat sees: its own traps (its hand),
-- every dungeon, den, prison and counter (public); never another lord's
-- traps or orders. The weights are the param `ai_rating`.
local T = tabula
local D = require "rules.dungeon"
local scoring = require "rules.scoring"
local M = {}

local W = T.param("ai_rating")

local function points(seat)
  local l = scoring.lines(seat)
  return l.rooms + l.monsters + l.prisoners + l.conquered + l.dead_letters + l.prestige
end

local function tunnels(seat)
  local n = 0
  for _, sq in ipairs(D.squares(seat)) do
    if T.kind(sq) == "tunnel" and D.intact(sq) then n = n + 1 end
  end
  return n
end

function M.score(ctx)
  local seat = ctx.args.seat
  local v = W.point * points(seat)
  v = v + W.gold * T.counter(seat, "gold") + W.food * T.counter(seat, "food")
  v = v + W.imp * T.counter(seat, "imps") + W.trap * T.count("traps", seat) + W.tunnel * tunnels(seat)
  local evil = T.counter(seat, "evil")
  v = v - W.evil_step * math.max(0, evil - W.evil_safe)
  if evil >= T.param("paladin_line") then v = v - W.paladin_zone end
  local rival
  for s = 1, T.seats() do
    if s ~= seat then
      local p = points(s)
      if rival == nil or p > rival then rival = p end
    end
  end
  if rival then v = v - W.rival_point * rival end
  return math.tointeger(v) or math.floor(v)
end

return M
