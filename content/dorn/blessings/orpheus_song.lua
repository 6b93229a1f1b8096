-- B4 Orpheus' Song (dorn.md §6.8): the hero's player may move each monster
-- within `range` fields of the hero by up to `move` fields,
-- one step at a time, by the monster's own rules of where it may go (never
-- onto the Path, an obstacle or an occupied field), but never onto or
-- through a Teleport. The monsters are moved, they do not move: their
-- steps of the turn do not change. What each may still go: the var
-- `blessing_work`, a list of {monster, left}.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local reach = require "rules.reach"
local blessings = require "rules.blessings"
local M = {}

M.extend = blessings.needs(function(h, card) return blessings.monsters_within(h, T.get(card, "range")) end)

function M.play(ctx)
  local work = {}
  for _, m in ipairs(blessings.monsters_within(ctx.args.hero, T.get(ctx.self, "range"))) do
    work[#work + 1] = { monster = m, left = T.get(ctx.self, "move") }
  end
  T.set_var("blessing_work", work)
  M.next(ctx)
end

local function steps(m, left)
  local here, out = board.field(m), {}
  for _, f in ipairs(board.steps(m, left)) do
    if reach.adjacent(here, f) and not board.twin(f) then out[#out + 1] = f end
  end
  return out
end

function M.next(ctx)
  local options = {}
  for _, w in ipairs(T.var("blessing_work")) do
    if w.left > 0 and board.field(w.monster) then
      for _, f in ipairs(steps(w.monster, w.left)) do
        options[#options + 1] = { id = w.monster .. ">" .. f,
          label = { "move.to", figure = w.monster, from = names.of(board.field(w.monster)), field = names.of(f) } }
      end
    end
  end
  if #options == 0 then
    T.set_var("blessing_work", nil)
    return
  end
  options[#options + 1] = { id = "done", label = "blessing.done" }
  T.decide { seat = ctx.args.seat, prompt = "blessing.orpheus", options = options, on_choice = M.moved, args = ctx.args }
end

function M.moved(ctx)
  if ctx.choice == "done" then
    T.set_var("blessing_work", nil)
    return
  end
  local id, field = ctx.choice:match("^(%d+)>(.+)$")
  id = math.tointeger(tonumber(id))
  for _, w in ipairs(T.var("blessing_work")) do
    if w.monster == id then w.left = w.left - 1 end
  end
  T.move(id, field)
  T.schedule(M.next, ctx.args)
end

return M
