-- R11 The Earth Awakens (dorn.md §6.7): the Lord places `barriers`
-- barriers (kind `barrier`, `barrier_lives` lives each) on fields
-- with no figure, not next to a hero. Rulings: not on a Teleport, the Gate
-- or in Argos. A barrier is an obstacle (rules/board.lua, and
-- `obstacles` for the routes of rules/reach.lua): nothing enters its field
-- and no line of sight crosses it; heroes may attack it (reach.targets);
-- Blessings and spells that teleport may cross it. The card stays in force
-- until its last barrier is destroyed. Its barriers: `data.barriers`.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local effects = require "rules.effects"
local rituals = require "rules.rituals"
local M = {}

local function fields()
  local out = {}
  for _, f in ipairs(T.nodes("board")) do
    if #board.figures(f) == 0 and not board.obstacle(f) and not board.next_to_hero(f) and not board.twin(f)
        and f ~= "gate" and not board.tagged(f, "multi_hero") then
      out[#out + 1] = f
    end
  end
  return out
end

-- The fields of this card's barriers still on the board.
local function standing(d)
  local out = {}
  for _, b in ipairs(d.barriers) do
    local f = T.where(b)
    if f and f ~= "spent" then out[#out + 1] = f end
  end
  return out
end

M.extend = {
  ritual_blocked = function(ctx)
    if T.where(ctx.self) == "rituals" and #fields() == 0 then return { ctx.self } end
    return nil
  end,
  obstacles = function(ctx)
    local d = rituals.data(ctx)
    return d and d.barriers and standing(d) or nil
  end,
}

function M.play(ctx)
  effects.data(ctx.self).barriers = {}
  M.next(ctx)
end

function M.next(ctx)
  local d = effects.data(ctx.self)
  local free = fields()
  if #d.barriers >= T.get(ctx.self, "barriers") or #free == 0 then
    if #d.barriers == 0 then effects.stop(ctx.self) end
    return
  end
  T.decide { seat = 1, prompt = "ritual.barrier", options = names.options(free), on_choice = M.placed }
end

function M.placed(ctx)
  local b = T.create("barrier", ctx.choice)
  T.set(b, "max_life", T.get(ctx.self, "barrier_lives"))
  T.set(b, "card", ctx.self)
  local d = effects.data(ctx.self)
  d.barriers[#d.barriers + 1] = b
  T.schedule(M.next)
end

M.on = {
  knocked_out = function(ctx)
    local d = rituals.data(ctx)
    if d and d.barriers and rituals.is_in(d.barriers, ctx.args.target) and #standing(d) == 0 then
      effects.stop(ctx.self)
    end
  end,
}

return M
