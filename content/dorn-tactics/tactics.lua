-- Variant 15.d, tactics and flight (dorn.md §4.17). The state is the var
-- `tactics`: the side whose turn it is, the figures still to choose
-- (`ask`), each figure's choice (`mode`: "fight" or "flee"), the enemies a
-- fighting figure started beside (`anchor`) and the figures that came next
-- to an enemy and must stop (`stopped`), keyed by entity id as a string.
-- Rulings (best readings): the enemies of a hero are monsters and Zorkal,
-- those of a monster or Zorkal the heroes; "next to" is physical
-- adjacency (never across a teleport, rules/reach.lua); a fighting figure
-- ends next to any enemy it started beside; a figure that passes through
-- others (an active ability with `effect.pass_through`) is neither held
-- nor asked; a step onto a field next to an enemy where the figure may
-- not stop (a hero passing another on the Path) is not offered, since he
-- would have to stop there.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local abilities = require "rules.abilities"
local movement = require "rules.movement"
local M = {}

local LORD = 1

local function state() return T.var("tactics") or {} end

-- The enemy figures physically next to `field`, for figure `id`.
local function enemies_next_to(id, field)
  local out, side = {}, reach.side(id)
  for _, n in ipairs(T.adjacent(field)) do
    if reach.adjacent(field, n) then
      for _, o in ipairs(board.figures(n)) do
        if o ~= id and reach.side(o) ~= side then out[#out + 1] = o end
      end
    end
  end
  return out
end

local function passes_through(id)
  for _, a in ipairs(abilities.of(id)) do
    if (T.def_get(T.def(a), "effect") or {}).pass_through then return true end
  end
  return false
end

-- The start of a side's movement: who stands next to an enemy chooses.
function M.start(ctx)
  local side, ask, anchor = ctx.args.side, {}, {}
  local kinds = side == "lord" and { "monster", "lord_figure" } or { "hero" }
  for _, kind in ipairs(kinds) do
    for _, id in ipairs(board.all(kind)) do
      local near = enemies_next_to(id, board.field(id))
      if #near > 0 and movement.may_act(id, "move") and not passes_through(id) then
        ask[#ask + 1] = id
        anchor[tostring(id)] = near
      end
    end
  end
  T.set_var("tactics", { side = side, ask = ask, anchor = anchor, mode = {}, stopped = {} })
end

function M.asked() return #(state().ask or {}) == 0 end

function M.ask()
  local id = state().ask[1]
  local seat = reach.side(id) == "lord" and LORD or T.owner(id)
  T.decide { seat = seat, prompt = { "tactics.prompt", figure = id },
             options = { { id = "fight", label = { "tactics.fight", figure = id } },
                         { id = "flee", label = { "tactics.flee", figure = id } } },
             on_choice = M.chosen, args = { id = id } }
end

function M.chosen(ctx)
  local v = state()
  v.mode[tostring(ctx.args.id)] = ctx.choice
  table.remove(v.ask, 1)
  T.set_var("tactics", v)
end

local function next_to_any(field, ids)
  for _, e in ipairs(ids) do
    local at = board.field(e)
    if at and reach.adjacent(field, at) then return true end
  end
  return false
end

M.modify = {
  -- Which steps a held figure may take: none once it came next to an
  -- enemy; a fighter one step, to a field next to an enemy it started
  -- beside; nobody onto a field next to an enemy where he may not stop.
  may_step = function(ctx)
    local id, field, v = ctx.args.figure, ctx.args.field, state()
    local key = tostring(id)
    if v.side ~= reach.side(id) or v.mode[key] == "flee" then return ctx.args.amount end
    local mode, stopped = v.mode[key], v.stopped[key]
    if not stopped and mode ~= "fight" and board.may_stop(id, field) then return ctx.args.amount end
    if passes_through(id) then return ctx.args.amount end
    if stopped then return 0 end
    if mode == "fight" and (T.get(id, "steps") >= 1 or not next_to_any(field, v.anchor[key])) then return 0 end
    if not board.may_stop(id, field) and #enemies_next_to(id, field) > 0 then return 0 end
    return ctx.args.amount
  end,
  -- A figure that fled neither attacks, casts nor uses an item this turn.
  may_act = function(ctx)
    local id, v = ctx.args.figure, state()
    if ctx.args.what ~= "move" and v.side == reach.side(id) and (v.mode or {})[tostring(id)] == "flee" then return 0 end
    return ctx.args.amount
  end,
}

M.on = {
  -- A held figure that comes next to an enemy stops there.
  entered = function(ctx)
    local id, v = ctx.args.figure, state()
    if v.side ~= reach.side(id) or v.mode[tostring(id)] == "flee" then return end
    if #enemies_next_to(id, ctx.args.field) > 0 and not passes_through(id) then
      v.stopped[tostring(id)] = true
      T.set_var("tactics", v)
    end
  end,
  -- The choices last the side's turn.
  turn_ended = function(ctx)
    if state().side == ctx.args.side then T.set_var("tactics", {}) end
  end,
}

return M
