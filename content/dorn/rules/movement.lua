-- Movement, dorn.md §4.4: L3 for the monsters (and Zorkal once the Gate is
-- open), H2 for the heroes. One decision is one step of one figure, so
-- moves may be split and interleaved within the phase (§4.4.1); a figure's
-- steps this turn never exceed its movement value.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local victory = require "rules.victory"
local M = {}

local LORD = 1

-- A figure's movement value this turn: the Lexicon's for a monster, the
-- card's at its level for a hero or Zorkal, through the channel `move`
-- (cards that add or take away movement).
function M.allowance(id)
  local move = T.def_get(T.def(id), "move")
  if type(move) == "table" then move = move[T.get(id, "level")] end
  return math.max(0, T.modify("move", move, { figure = id }))
end

local function steps_left(id) return M.allowance(id) - T.get(id, "steps") end

-- §4.7.7: a herman acts from the Lord turn after the one it was summoned
-- in; §4.14: Zorkal only once the Gate is open. Cards that free or hold a
-- figure answer the channel `may_act` (1: it may, 0: it may not) with
-- `what` = "move" or "attack".
function M.may_act(id, what)
  local may
  if T.kind(id) == "lord_figure" then
    may = board.gate_open()
  elseif T.kind(id) == "hero" then
    may = true
  else
    may = T.def_get(T.def(id), "acts_when_summoned") or T.get(id, "summoned_on") < T.var("lord_turn")
  end
  return T.modify("may_act", may and 1 or 0, { figure = id, what = what }) > 0
end

-- The channel `may_step` {figure, field} lets a card or a variant forbid
-- one step (1: it may, 0: it may not); 15.d's tactics use it.
-- An option names the fields by their names on the map and says how many
-- steps the figure has left after this one.
local function step_options(id, options)
  local from, left = board.field(id), steps_left(id)
  for _, f in ipairs(board.steps(id, left)) do
    if T.modify("may_step", 1, { figure = id, field = f }) > 0 then
      options[#options + 1] = { id = id .. ">" .. f,
                                label = { "move.step", figure = id, from = names.of(from), field = names.of(f), left = left - 1 } }
    end
  end
end

-- One step; then `entered` tells the cards and the rules (Treasures,
-- Artifacts, Thorny Portals) where the figure came.
local function take_step(choice)
  local id, field = choice:match("^(%d+)>(.+)$")
  id = math.tointeger(tonumber(id))
  local from = board.field(id)
  T.add(id, "steps", 1)
  T.move(id, field)
  T.emit("entered", { figure = id, field = field, from = from })
  return id
end

-- L3 ----------------------------------------------------------------------

local function lord_movers()
  local out = {}
  for _, kind in ipairs { "monster", "lord_figure" } do
    for _, id in ipairs(board.all(kind)) do
      if M.may_act(id, "move") then out[#out + 1] = id end
    end
  end
  return out
end

function M.lord_done() return T.var("lord_moves_done") == true end

-- The Lord is asked even when nothing can move: he may concede (§4.15.4).
function M.lord_step()
  local options = {}
  for _, id in ipairs(lord_movers()) do step_options(id, options) end
  -- Other things the Lord may do while moving (a vampire turning into a
  -- bat): options with their own on_choice.
  for _, o in ipairs(T.collect("l3_actions", { seat = LORD })) do options[#options + 1] = o end
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

function M.heroes_done() return T.var("hero_moves_done") == true end

-- `passing`: the hero who stands on another hero's Path field (-1: none; entity ids start at 0).
function M.round_begin() T.set_var("hero_round", { moved = false, passed = {}, passing = -1 }) end

-- The phase ends after a round in which nobody moved, or at once when one
-- player moves every hero (nobody else could make way).
function M.round_finish()
  if not T.var("hero_round").moved or board.hero_players_left() <= 1 then T.set_var("hero_moves_done", true) end
end

function M.seat_done(ctx) return T.var("hero_round").passed[tostring(ctx.seat)] == true end

-- A hero passing through another on the Path must go on before anything
-- else happens: he may not stop there (§4.4.3).
function M.hero_step(ctx)
  local seat, options = ctx.seat, {}
  local passing = T.var("hero_round").passing >= 0
  local heroes = passing and { T.var("hero_round").passing } or board.heroes_of(seat)
  for _, id in ipairs(heroes) do
    if M.may_act(id, "move") then step_options(id, options) end
  end
  -- Other things a hero player may do in H2 (items, hand-overs, abilities
  -- used while moving): options with their own on_choice.
  if not passing then
    for _, o in ipairs(T.collect("h2_actions", { seat = seat })) do options[#options + 1] = o end
  end
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
    round.passing = board.may_stop(id, board.field(id)) and -1 or id
  end
end

return M
