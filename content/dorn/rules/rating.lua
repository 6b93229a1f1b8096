-- How good a position is for a seat: the pack's `[pack] score`, which the
-- `greedy` seats maximise one choice ahead and `mcts` seats use to score a
-- cut playout. Not a rule of Dorn: a plan each
-- side can follow to a win (dorn.md §4.15), read only from what both sides
-- see (figures, lives, Artifacts, XP, Blood Drops, the Gate; never the
-- Lord's Rituals or the heroes' Blessings). The weights are the param
-- `ai_rating`, so a modder tunes the play without touching this file.
--   heroes: gather Artifacts, carry 3 into the Ritual Room, then hunt
--           Zorkal; stay alive, kill monsters, grow in XP;
--   Lord:   wound and kill heroes, fill the Ritual Room, keep Zorkal alive.
local T = tabula
local board = require "rules.board"
local levels = require "rules.levels"
local M = {}

local LORD = 1
local W = T.param("ai_rating")

local FIELDS = T.nodes("board")
local ROOM = T.nodes("board", "region:ritual_room")

-- Every field's distance to the nearest field of the Ritual Room (by the
-- graph: a guide, not the movement rules).
local TO_ROOM = {}
for _, f in ipairs(FIELDS) do
  local best = W.far
  for _, r in ipairs(ROOM) do
    local d = T.distance(f, r)
    if d and d < best then best = d end
  end
  TO_ROOM[f] = best
end

local function nearest(field, targets)
  local best = W.far
  for _, t in ipairs(targets) do
    local d = T.distance(field, t)
    if d and d < best then best = d end
  end
  return best
end

-- One pass over the board: the figures and the Artifacts lying there.
local function survey()
  local s = { heroes = {}, monsters = {}, zorkal = nil, lying = {}, room_filled = 0, enemy_fields = {} }
  for _, id in ipairs(T.placed("board")) do
    local kind = T.kind(id)
    if kind == "hero" then
      s.heroes[#s.heroes + 1] = id
    elseif kind == "monster" then
      s.monsters[#s.monsters + 1] = id
      s.enemy_fields[T.where(id)] = true
    elseif kind == "lord_figure" then
      s.zorkal = id
    elseif kind == "artifact" then
      s.lying[#s.lying + 1] = T.where(id)
    elseif board.is_obstacle(id) then
      s.enemy_fields[T.where(id)] = true  -- no way through it either
    end
  end
  for _, f in ipairs(ROOM) do
    if #board.figures(f) > 0 then s.room_filled = s.room_filled + 1 end
  end
  return s
end

-- What both sides count the same way, from the heroes' side: their
-- strength against the Lord's.
local function balance(s)
  local v = 0
  for _, h in ipairs(s.heroes) do
    v = v + W.hero + W.hero_life * board.life(h) + W.xp * levels.xp(h) + W.level * T.get(h, "level")
  end
  for _, m in ipairs(s.monsters) do v = v - W.monster - W.monster_life * board.life(m) end
  if s.zorkal then v = v - W.zorkal_life * board.life(s.zorkal) end
  v = v + W.artifact * #T.zone("carried")
  if T.var("gate") ~= "closed" then v = v + W.gate end
  return v
end

-- Steps from `a` to `b` round the monsters; when they wall it off, the
-- straight count and a detour.
local function steps(a, b, s)
  if a == b then return 0 end
  local p = T.path(a, b, s.enemy_fields)
  if p then return #p end
  return (T.distance(a, b) or W.far) + W.detour
end

-- Where the heroes should head. While the team carries too few Artifacts
-- to open the Gate, each Artifact lying on the board costs its weight (so
-- picking one up always pays) and a little for the steps of the hero
-- nearest to it; the closest of them costs full steps, so one hero makes
-- for it rather than halfway between two (which left a hero standing
-- still); the others drift to the Ritual Room. Then all go to the room; once the Gate is open, to Zorkal.
-- An Artifact is worth more on a hero near the room, so hand-overs go one
-- way.
local function hero_goals(s)
  local v = 0
  local carried = T.zone("carried")
  -- From the moment the Gate is due to open, not only once it has: the
  -- aim must not jump when the Lord's turn opens it, or ending the turn
  -- would look worse than any free action (a hand-over) that waits.
  local gate_open = T.var("gate") ~= "closed" and s.zorkal
  local fields = {}
  for i, h in ipairs(s.heroes) do fields[i] = board.field(h) end
  if gate_open then
    local z = board.field(s.zorkal)
    for _, at in ipairs(fields) do v = v - W.hero_step * steps(at, z, s) end
    return v
  end
  local gathering = #carried < T.param("artifacts_to_open_gate") and #s.lying > 0
  for _, at in ipairs(fields) do
    v = v - (gathering and W.drift_step or W.hero_step) * (TO_ROOM[at] or W.far)
  end
  if gathering then
    local closest = W.far
    for _, f in ipairs(s.lying) do
      local best = W.far
      for _, at in ipairs(fields) do best = math.min(best, steps(at, f, s)) end
      v = v - W.lying - W.drift_step * best
      closest = math.min(closest, best)
    end
    v = v - W.hero_step * closest
  end
  for _, a in ipairs(carried) do
    local holder = T.get(a, "held_by")
    if board.on_board(holder) then v = v - W.carry_step * (TO_ROOM[board.field(holder)] or W.far) end
  end
  return v
end

-- The Lord's monsters close in on the nearest hero, or stand in the room.
local function lord_goals(s)
  local v = W.room_field * s.room_filled + W.streak * (T.var("ritual_streak") or 0)
  v = v + W.blood * T.counter(LORD, "blood")
  local targets = {}
  for _, h in ipairs(s.heroes) do targets[#targets + 1] = board.field(h) end
  for _, m in ipairs(s.monsters) do
    local at = board.field(m)
    if not board.region(at, "ritual_room") then v = v - W.hunt_step * nearest(at, targets) end
  end
  return v
end

function M.score(ctx)
  local s = survey()
  local v
  if ctx.args.seat == LORD then
    v = lord_goals(s) - balance(s)
  else
    v = hero_goals(s) + balance(s)
  end
  return math.tointeger(v) or math.floor(v)
end

return M
