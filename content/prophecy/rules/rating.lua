-- How good a position is for a seat: the pack's `[pack] score`, which the
-- `ai` seats maximise one choice ahead. Not a rule: a plain reading of
-- what wins Prophecy (artifacts first; then the strength to take them:
-- lives, magic, raised attributes, items, abilities, gold, experience),
-- read only from what every seat sees. The weights are the param
-- `ai_rating`, so a modder tunes the play without touching this file.
local T = tabula
local board = require "rules.board"
local gear = require "rules.gear"
local M = {}

local W = T.param("ai_rating")

local function worth(seat)
  local c = board.character(seat)
  if c == nil or T.get(c, "out") then return 0 end
  local v = W.artifact * board.artifact_count(seat)
  v = v + W.life * T.get(c, "lives") + W.magic * T.get(c, "magic")
  v = v + W.max_strength * T.get(c, "max_strength") + W.max_willpower * T.get(c, "max_willpower")
  v = v + W.gold * (T.counter(seat, "gold") or 0) + W.exp * (T.counter(seat, "exp") or 0)
  v = v + W.gear * (gear.best(c, "strength") + gear.best(c, "willpower"))
  v = v + W.ability * T.count("abilities", seat)
  return v
end

function M.score(ctx)
  local seat = ctx.args.seat
  local mine = worth(seat)
  local best_other = 0
  for s = 1, T.seats() do
    if s ~= seat then best_other = math.max(best_other, board.artifact_count(s)) end
  end
  return mine - W.rival_artifact * best_other
end

return M
