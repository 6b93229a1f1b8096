-- How good a position is for a seat: the pack's `[pack] score`, which the
-- `greedy` seats maximise one choice ahead and `mcts` seats use to score a
-- cut playout. Not a rule: a plain reading of what wins Prophecy (PB §9):
--   artifacts first, each worth more the closer it brings four (§9.2), and
--   every rival's artifacts against it;
--   the way to them: while the seat is strong and healthy enough, every
--   ring step to the nearest entry of a sphere that still holds cards
--   (§9.1) or to an artifact lying on a space (§5.3) costs;
--   the strength to take them: lives, magic, raised attributes, items,
--   abilities, gold, experience;
--   in the final battle and the Apocalypse (§9.2, D-23) the last character
--   standing wins: lives count much more, rivals' lives and rivals still
--   in count against it.
-- Read only from what every seat sees (figures, cards, counters, how many
-- cards a sphere holds; never a face-down card). The weights are the
-- param `ai_rating`.
local T = tabula
local board = require "rules.board"
local gear = require "rules.gear"
local M = {}

local W = T.param("ai_rating")

-- Ring steps from `at` to the nearest target space, or nil.
local function nearest(at, targets)
  if not board.on_ring(at) then return nil end
  local best
  for _, s in ipairs(targets) do
    if board.on_ring(s) then
      local d = board.distance(at, s)
      if best == nil or d < best then best = d end
    end
  end
  return best
end

-- Where the artifacts are to be had: entries of spheres still holding
-- cards, and spaces where one lies.
local function goals()
  local out = {}
  for _, sp in ipairs(board.SPHERES) do
    if T.count(sp) > 0 then
      for _, s in ipairs(board.entries(sp)) do out[#out + 1] = s end
    end
  end
  for _, s in ipairs(board.SPACES) do
    if #board.lying_artifacts(s) > 0 then out[#out + 1] = s end
  end
  return out
end

local function worth(seat, final)
  local c = board.character(seat)
  if c == nil or T.get(c, "out") then return 0 end
  local n = board.artifact_count(seat)
  local v = W.artifact * n + W.artifact_step * n * n
  local lives = T.get(c, "lives")
  v = v + (final and W.final_life or W.life) * lives + W.magic * T.get(c, "magic")
  v = v + W.max_strength * T.get(c, "max_strength") + W.max_willpower * T.get(c, "max_willpower")
  v = v + W.gold * (T.counter(seat, "gold") or 0) + W.exp * (T.counter(seat, "exp") or 0)
  local kit = gear.best(c, "strength") + gear.best(c, "willpower")
  v = v + W.gear * kit + W.ability * T.count("abilities", seat)
  local power = T.get(c, "max_strength") + T.get(c, "max_willpower") + kit
  if not final and lives >= W.ready_lives and power >= W.ready_power then
    local d = nearest(board.where(c), goals())
    if d then v = v - W.goal_step * d end
  end
  return v
end

function M.score(ctx)
  local seat = ctx.args.seat
  local final = T.var("final_battle") or T.var("apocalypse")
  local v = worth(seat, final)
  for s = 1, T.seats() do
    if s ~= seat then
      v = v - W.rival_artifact * board.artifact_count(s)
      local c = board.character(s)
      if final and c and not T.get(c, "out") then
        v = v - W.rival_in - W.rival_life * T.get(c, "lives")
      end
    end
  end
  return math.tointeger(v) or math.floor(v)
end

-- [pack] rounds: how many rounds the game lasted, for `tabula run`'s game
-- length (a round: every character takes a turn): the flow's round counter.
function M.rounds()
  return T.var("round") or 0
end

return M
