-- The movement phase (PB §2.3, §4 step 2, D-12): one option - walk one
-- space either way (free), ride two spaces either way, sail from a port to
-- the next port either way, pass through a magic gate to any other gate,
-- stay; or an action instead of movement: work in the Town, the Guild or
-- the Fortress (D-14), attack a sphere from one of its entry spaces
-- (rules/spheres.lua). The fares go through the channel `fare` {character,
-- how} (Harbour Rat, Horsemanship). The channel `may_move` {character,
-- seat} (0: it may not) leaves only staying and what is done instead of
-- movement (the Heroic Solution's final battle): options from the extension
-- point that move the figure say so with `movement = true`. Cards and expansions add options
-- through the extension point `move_options` {seat, character, space}:
-- each option has its own on_choice, which sets `turn.moved` itself or
-- through M.done(). Every move ends with the event `moved` {character,
-- from, to, how}.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local resources = require "rules.resources"
local spheres = require "rules.spheres"
local M = {}

function M.fare(char, how)
  return T.modify("fare", T.param(how .. "_fare"), { character = char, how = how })
end

-- Moves a figure to a space of the ring (from anywhere) and tells the cards.
function M.put(char, to, how)
  local from = board.where(char)
  T.move(char, to)
  T.log({ "log.moved", who = names.who(char), how = { "move.how_" .. how }, to = { "space." .. to } })
  T.emit("moved", { character = char, from = from, to = to, how = how })
end

function M.done()
  local t = T.var("turn")
  t.moved = true
end

local function option(list, id, label, fn) list[#list + 1] = { id = id, label = label, on_choice = fn } end

function M.offer()
  local t = T.var("turn")
  local char, seat = t.char, t.seat
  local here = board.where(char)
  local gold = resources.gold(seat)
  local options = {}
  local free = T.modify("may_move", 1, { character = char, seat = seat }) > 0
  local circle = free and board.on_ring(here)
  if circle then
    for _, dir in ipairs { 1, -1 } do
      local to = board.step(here, dir)
      option(options, "walk:" .. to, { "move.walk", to = { "space." .. to } }, M.walk)
    end
  end
  local horse = M.fare(char, "horse")
  if circle and gold >= horse then
    for _, dir in ipairs { 2, -2 } do
      local to = board.step(here, dir)
      option(options, "horse:" .. to, { "move.horse", to = { "space." .. to }, cost = horse }, M.ride)
    end
  end
  if circle and board.tagged(here, "port") then
    local ship = M.fare(char, "ship")
    if gold >= ship then
      local seen = {}
      for _, dir in ipairs { 1, -1 } do
        local to = board.next_port(here, dir)
        if to and to ~= here and not seen[to] then
          seen[to] = true
          option(options, "ship:" .. to, { "move.ship", to = { "space." .. to }, cost = ship }, M.sail)
        end
      end
    end
  end
  if circle and board.tagged(here, "gate") then
    local fare = M.fare(char, "gate")
    if gold >= fare then
      for _, to in ipairs(board.all_tagged("gate")) do
        if to ~= here then option(options, "gate:" .. to, { "move.gate", to = { "space." .. to }, cost = fare }, M.portal) end
      end
    end
  end
  option(options, "stay", "move.stay", M.stay)
  local work = T.param("work")[here]
  if free and work and M.can_work(char, work) then
    option(options, "work", { "move.work", pay = { "word.n_" .. work.pay, n = work.cost },
                              gain = { "word.n_" .. work.gain, n = work.amount } }, M.work)
  end
  for _, sp in ipairs(free and board.spheres_at(here) or {}) do
    if spheres.attackable(sp) then
      local top = spheres.top(sp)
      local label = T.face_up(top) and { "move.attack_known", sphere = { "sphere." .. sp }, card = top }
                    or { "move.attack", sphere = { "sphere." .. sp } }
      option(options, "sphere:" .. sp, label, M.attack)
    end
  end
  for _, o in ipairs(T.collect("move_options", { seat = seat, character = char, space = here })) do
    if free or not o.movement then options[#options + 1] = { id = o.id, label = o.label, on_choice = o.on_choice } end
  end
  T.decide { seat = seat, prompt = "move.prompt", options = options, on_choice = M.stay }
end

local function target(choice) return choice:match(":(.+)$") end

-- A move of the kind `how` to the space the option names, its fare paid
-- (walking has none).
local function travel(how)
  return function(ctx)
    local t = T.var("turn")
    if how ~= "walk" then resources.pay(t.seat, "gold", M.fare(t.char, how)) end
    M.done()
    M.put(t.char, target(ctx.choice), how)
  end
end

M.walk = travel("walk")
M.ride = travel("horse")
M.sail = travel("ship")
M.portal = travel("gate")

function M.stay()
  local t = T.var("turn")
  M.done()
  T.log({ "log.stayed", who = names.who(t.char) })
end

function M.can_work(char, work)
  if work.pay == "lives" then return T.get(char, "lives") > work.cost end
  return T.get(char, "magic") >= work.cost
end

-- Work instead of movement (D-14): pay magic or a life, gain gold or experience.
function M.work()
  local t = T.var("turn")
  local work = T.param("work")[board.where(t.char)]
  M.done()
  if work.pay == "lives" then
    resources.lose_lives(t.char, work.cost, "work")
  else
    resources.lose_magic(t.char, work.cost)
  end
  resources.add(t.seat, work.gain, work.amount)
  T.log({ "log.worked", who = names.who(t.char), amount = work.amount, gain = { "word." .. work.gain } })
end

function M.attack(ctx)
  local t = T.var("turn")
  M.done()
  spheres.attack(t.char, target(ctx.choice))
end

return M
