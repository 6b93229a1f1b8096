-- Movement, dorn.md §4.4: L3 for the monsters (and Zorkal once the Gate is
-- open), H2 for the heroes. One decision is one step of one figure, so
-- moves may be split and interleaved within the phase (§4.4.1); a figure's
-- steps this turn never exceed its movement value.
local T = tabula
local board = require "rules.board"
local victory = require "rules.victory"
local M = {}

local LORD = 1

-- A figure's movement value: the Lexicon's for a monster, the card's at
-- its level for a hero or Zorkal.
function M.allowance(id)
  local move = T.def_get(T.def(id), "move")
  if type(move) == "table" then return move[T.get(id, "level")] end
  return move
end

local function steps_left(id) return M.allowance(id) - T.get(id, "steps") end

-- §4.7.7: a herman acts from the Lord turn after the one it was summoned
-- in; §4.14: Zorkal only once the Gate is open.
local function may_act(id)
  if T.kind(id) == "lord_figure" then return board.gate_open() end
  return T.def_get(T.def(id), "acts_when_summoned") or T.get(id, "summoned_on") < T.var("lord_turn")
end

local function step_options(id, options)
  for _, f in ipairs(board.steps(id, steps_left(id))) do
    options[#options + 1] = { id = id .. ">" .. f, label = { "move.step", figure = id, field = f } }
  end
end

local function take_step(choice)
  local id, field = choice:match("^(%d+)>(.+)$")
  id = math.tointeger(tonumber(id))
  T.add(id, "steps", 1)
  T.move(id, field)
  return id
end

-- L3 ----------------------------------------------------------------------

local function lord_movers()
  local out = {}
  for _, kind in ipairs { "monster", "lord_figure" } do
    for _, id in ipairs(board.all(kind)) do
      if may_act(id) then out[#out + 1] = id end
    end
  end
  return out
end

function M.lord_done() return T.var("lord_moves_done") == true end

-- The Lord is asked even when nothing can move: he may concede (§4.15.4).
function M.lord_step()
  local options = {}
  for _, id in ipairs(lord_movers()) do step_options(id, options) end
  options[#options + 1] = { id = "done", label = "move.done" }
  options[#options + 1] = { id = "concede", label = "move.concede" }
  T.decide { seat = LORD, prompt = "move.lord", options = options, on_choice = M.lord_moved }
end

function M.lord_moved(ctx)
  if ctx.choice == "done" then
    T.set_var("lord_moves_done", true)
  elseif ctx.choice == "concede" then
    victory.concede(LORD)
  else
    take_step(ctx.choice)
  end
end

-- H2 ----------------------------------------------------------------------

local function heroes_of(seat)
  local out = {}
  for _, id in ipairs(board.all("hero")) do
    if T.owner(id) == seat then out[#out + 1] = id end
  end
  return out
end

function M.heroes_done() return T.var("hero_moves_done") == true end

-- `passing`: the hero who stands on another hero's Path field (0: none).
function M.round_begin() T.set_var("hero_round", { moved = false, passed = {}, passing = 0 }) end

-- The phase ends after a round in which nobody moved, or at once when one
-- player moves every hero (nobody else could make way).
function M.round_finish()
  local with_heroes = 0
  for _, seat in ipairs(T.group("heroes")) do
    if #heroes_of(seat) > 0 then with_heroes = with_heroes + 1 end
  end
  if not T.var("hero_round").moved or with_heroes <= 1 then T.set_var("hero_moves_done", true) end
end

function M.seat_done(ctx) return T.var("hero_round").passed[tostring(ctx.seat)] == true end

-- A hero passing through another on the Path must go on before anything
-- else happens: he may not stop there (§4.4.3).
function M.hero_step(ctx)
  local seat, options = ctx.seat, {}
  local passing = T.var("hero_round").passing ~= 0
  local heroes = passing and { T.var("hero_round").passing } or heroes_of(seat)
  for _, id in ipairs(heroes) do step_options(id, options) end
  if #options == 0 then
    T.var("hero_round").passed[tostring(seat)] = true
    return
  end
  if not passing then options[#options + 1] = { id = "pass", label = "move.pass" } end
  options[#options + 1] = { id = "concede", label = "move.concede" }
  T.decide { seat = seat, prompt = "move.hero", options = options, on_choice = M.hero_moved, args = { seat = seat } }
end

function M.hero_moved(ctx)
  local round = T.var("hero_round")
  if ctx.choice == "pass" then
    round.passed[tostring(ctx.args.seat)] = true
  elseif ctx.choice == "concede" then
    victory.concede(ctx.args.seat)
  else
    local id = take_step(ctx.choice)
    round.moved = true
    round.passing = board.may_stop(id, board.field(id)) and 0 or id
  end
end

return M
