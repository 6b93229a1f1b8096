-- Shared helpers of the heroes' passive abilities (dorn.md §6.2, §6.5,
-- components §3; content/dorn/abilities/*.lua). An ability script listens
-- only in the zone `abilities` and asks `ready(self)` first.
--
-- Per-turn bookkeeping lives on the ability entity: `used_on` names the
-- turn (2 x lord_turn, +1 in the heroes' turn that follows it) and `uses`
-- how often it was used then; in any other turn it counts as unused.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local reach = require "rules.reach"
local teleport = require "rules.teleport"
local abilities = require "rules.abilities"
local movement = require "rules.movement"
local wounds = require "rules.wounds"
local M = {}

-- The current turn's number for `used_on`.
function M.turn() return 2 * T.var("lord_turn") + (T.var("side") == "heroes" and 1 or 0) end

-- The figure whose card the ability `a` is on, when the ability acts now;
-- nil otherwise.
function M.ready(a)
  if not abilities.active(a) then return nil end
  return T.get(a, "holder")
end

-- The ability's own number `key` of its `effect` table (or a prop).
function M.effect(a, key) return T.def_get(T.def(a), "effect")[key] end
function M.prop(a, key) return T.def_get(T.def(a), key) end

function M.uses(a)
  if T.get(a, "used_on") ~= M.turn() then return 0 end
  return T.get(a, "uses")
end

function M.use(a)
  local n = M.uses(a) + 1
  T.set(a, "used_on", M.turn())
  T.set(a, "uses", n)
  return n
end

-- "Has not moved this turn" (§6.5, §4.4.6.7, TV-53): no step walked. Being
-- teleported or carried does not count, so only steps are looked at.
function M.not_moved(figure) return T.get(figure, "steps") == 0 end

function M.heroes_turn() return T.var("side") == "heroes" end

-- Whether the hero player `seat` moves `figure` in H2 and may move it now.
function M.h2_mover(figure, seat)
  return T.owner(figure) == seat and T.var("side") == "heroes" and movement.may_act(figure, "move")
end

-- An H2 teleport ability (Elven Walk, Astral Leap): the option that
-- starts it, when there is a field to go to ("<prefix>:<ability>"), and the
-- question where to (or back).
function M.teleport_option(a, figure, range, prefix, label)
  if #teleport.fields(figure, range) == 0 then return nil end
  return { { id = prefix .. ":" .. a, label = { label, hero = figure, ability = a }, on_choice = M.ask_teleport } }
end

function M.ask_teleport(ctx)
  local a = math.tointeger(tonumber(tostring(ctx.choice):match(":(%d+)$")))
  local figure = T.get(a, "holder")
  local options = teleport.fields(figure, M.effect(a, "teleport"))
  options[#options + 1] = { id = "back", label = "passive.back" }
  T.decide { seat = T.owner(figure), prompt = { "passive.teleport", hero = figure, ability = a },
             options = names.options(options, "pick.figure_to", { figure = figure }),
             on_choice = M.teleported, args = { ability = a } }
end

-- The teleport itself: no step walked (TV-53), but the field is entered
-- (`entered`), and the H2 round counts as one in which someone moved, so
-- the other hero players get another turn to move (§4.4.1).
function M.teleported(ctx)
  if ctx.choice == "back" then return end
  local a = ctx.args.ability
  local figure = T.get(a, "holder")
  local from = board.field(figure)
  M.use(a)
  T.move(figure, ctx.choice)
  local round = T.var("hero_round")
  if round then round.moved = true end
  T.emit("entered", { figure = figure, field = ctx.choice, from = from })
end

-- The figures physically next to `figure` (never across a Teleport), by
-- entity id.
function M.neighbours(figure)
  local here, out = board.field(figure), {}
  for _, n in ipairs(T.adjacent(here)) do
    if reach.adjacent(n, here) then
      for _, o in ipairs(T.zone(n)) do
        if board.is_figure(o) then out[#out + 1] = o end
      end
    end
  end
  table.sort(out)
  return out
end

-- Vargen's bites (components §3.10): once per turn, when the holder kills
-- a monster of a type in `effect.on_kill` or of weight
-- `effect.on_kill_weight`, he heals the ability's `heal`. A kill while he
-- has all his lives does not use it up.
function M.bite(ctx)
  local vargen, a = M.ready(ctx.self), ctx.self
  if not vargen or ctx.args.by ~= vargen or M.uses(a) > 0 or T.get(vargen, "wounds") == 0 then return end
  local def = T.def(ctx.args.target)
  local hit = T.def_get(def, "weight") == M.effect(a, "on_kill_weight")
  for _, d in ipairs(M.effect(a, "on_kill") or {}) do
    if d == def then hit = true end
  end
  if not hit then return end
  M.use(a)
  wounds.heal(vargen, M.prop(a, "heal"), { by = vargen, how = "ability", card = a })
end

return M
