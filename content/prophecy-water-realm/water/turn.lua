-- A turn in the Water Realm (WR §3.3.10, §4.3): a bubble first (none while
-- waiting in the palace); then, by the state of the character:
--   waiting in the palace: attack the guardian again, or leave;
--   on a monster's cell after a loss or draw: fight it again, or flee (2
--   more bubbles, then move as usual);
--   otherwise: one or two steps, or stay.
-- Staying allows an ability used instead of movement (the base's
-- `move_options` that do not move the figure; never a movement card, §3.3.9).
-- A step onto a cell resolves it (water/cells.lua); a second step follows
-- only over an empty cell or a revealed positive card left alone, with no
-- character there. Stepping off an edge cell leaves the realm: the base
-- turn may go on from the reveal on the entry space chosen (D-35).
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local realm = require "water.realm"
local cells = require "water.cells"
local palace = require "water.palace"
local M = {}

local function turn() return T.var("turn") end

function M.not_in_realm()
  local t = turn()
  return t == nil or t.over or T.get(t.char, "out") or not realm.in_realm(t.char)
end

-- The start-of-turn bubble (§3.3.8); the channel `start_bubble` {character,
-- first} lets a card waive it (the Diving Helmet).
function M.air()
  T.set_var("water_step", { steps = 0, may_go_on = true, done = false })
  local t = turn()  -- read after set_var: setting a table variable makes older live tables stale
  local char = t.char
  T.add(char, "visit_turns", 1)
  local waiting = board.where(char) == realm.PALACE and not T.param("palace_is_water")
  if not waiting then
    local n = T.modify("start_bubble", 1, { character = char, first = T.get(char, "visit_turns") == 1 })
    realm.pay(char, n, "turn")
  end
  if T.get(char, "out") or not realm.in_realm(char) then t.over = true end
end

function M.moves_done()
  local t = turn()
  local s = T.var("water_step")
  return t.over or s == nil or s.done or T.get(t.char, "out") or not realm.in_realm(t.char)
end

local function add(list, id, label, fn) list[#list + 1] = { id = id, label = label, on_choice = fn } end

-- What a character staying may do instead of moving (Meditation...), and
-- the realm's own extras (the extension point `realm_options`).
local function instead(t, cell, options)
  if t.moved then return end
  for _, o in ipairs(T.collect("move_options", { seat = t.seat, character = t.char, space = cell })) do
    if not o.movement then options[#options + 1] = { id = o.id, label = o.label, on_choice = o.on_choice } end
  end
end

local function steps(cell, options, fn, prefix)
  local x, y = realm.xy(cell)
  for _, d in ipairs { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } } do
    local to = realm.cell(x + d[1], y + d[2])
    if to then add(options, prefix .. to, { "water.swim", cell = { "water.cells." .. to } }, fn) end
  end
  if realm.tagged(cell, "edge") then
    for _, o in ipairs(realm.exits(prefix == "flee:" and "flee_out:" or "out:", fn)) do options[#options + 1] = o end
  end
end

function M.move()
  local t = turn()
  local char = t.char
  local cell = board.where(char)
  local s = T.var("water_step")
  local options = {}
  local prompt = "water.prompt"
  if cell == realm.PALACE and T.get(char, "palace_wait") and palace.guardian() then
    prompt = "water.prompt_palace"
    add(options, "attack", { "water.attack_again", card = palace.guardian() }, M.attack_again)
    if not t.moved then
      for _, o in ipairs(realm.exits("out:", M.step)) do options[#options + 1] = o end
    end
    instead(t, cell, options)
  elseif T.get(char, "stuck_with") >= 0 and realm.monster(cell) == T.get(char, "stuck_with") then
    prompt = "water.prompt_monster"
    add(options, "fight", { "water.fight_again", card = T.get(char, "stuck_with") }, M.fight_again)
    if not t.moved then steps(cell, options, M.flee, "flee:") end
    instead(t, cell, options)
  elseif s.steps == 0 and not t.moved then
    steps(cell, options, M.step, "step:")
    add(options, "stay", "water.stay", M.stay)
    instead(t, cell, options)
  elseif s.steps == 1 and s.may_go_on then
    prompt = "water.prompt_second"
    steps(cell, options, M.step, "step:")
    add(options, "stop", "water.stop", M.stay)
  else
    s.done = true
    return
  end
  for _, o in ipairs(T.collect("realm_options", { seat = t.seat, character = char, cell = cell })) do
    options[#options + 1] = o
  end
  T.decide { seat = t.seat, prompt = prompt, options = options, on_choice = M.stay }
end

function M.stay()
  local s = T.var("water_step")
  s.done = true
end

-- One step (or off the board).
function M.step(ctx)
  local t = turn()
  local s = T.var("water_step")
  local to = tostring(ctx.choice):match("^%a+:(.+)$")
  s.steps = s.steps + 1
  s.may_go_on = s.steps < 2
  if tostring(ctx.choice):match("^out:") or tostring(ctx.choice):match("^flee_out:") then
    s.done = true
    return M.exit(t.char, to)
  end
  T.move(t.char, to)
  T.log({ "water.log.swam", who = names.who(t.char), cell = { "water.cells." .. to } })
  cells.enter(t.char, to)
end

-- Fleeing a monster (§3.3.12): 2 more bubbles (the channel `flee_bubbles`
-- lets a card waive them), then a step as usual.
function M.flee(ctx)
  local t = turn()
  local n = T.modify("flee_bubbles", T.param("flee_bubbles"), { character = t.char })
  T.set(t.char, "stuck_with", -1)
  T.log({ "water.log.flees", who = names.who(t.char) })
  realm.pay(t.char, n, "flee")
  if T.get(t.char, "out") or not realm.in_realm(t.char) then return end
  M.step({ choice = tostring(ctx.choice):gsub("^flee", "step"):gsub("^step_out", "out") })
end

function M.fight_again()
  local t = turn()
  local s = T.var("water_step")
  s.done = true
  cells.negative(t.char, T.get(t.char, "stuck_with"), board.where(t.char))
end

function M.attack_again()
  local t = turn()
  local s = T.var("water_step")
  s.done = true
  palace.attack(t.char)
end

-- Out of the realm during the turn, the character "may play on as if it
-- had just arrived" (§3.3.11 item 6): the base steps go on from the reveal
-- on the arrival space, with no chance card (D-35). Its owner is asked when
-- playing on would force something there (a face-down adventure turned up,
-- a monster fought, a lying artifact taken); otherwise what follows is all
-- optional, so playing on is never worse. Not when the Gate closes.
local function forced_on(space)
  for _, id in ipairs(board.adventures(space)) do
    if not T.face_up(id) or T.get(id, "type") == "monster" then return true end
  end
  return #board.lying_artifacts(space) > 0
end

function M.exit(char, to)
  realm.leave(char, to)
  local t = turn()
  if t and t.char == char then
    t.moved = true
    t.no_chance = true
    if not t.over and not T.var("water_closed") and not T.get(char, "out") and forced_on(to) then
      T.decide { seat = T.owner(char), prompt = { "water.play_on", space = { "space." .. to } },
                 options = { { id = "play_on", label = "water.play_on_yes" }, { id = "end_turn", label = "water.play_on_end" } },
                 on_choice = M.played_on, args = { char = char } }
    end
  end
end

function M.played_on(ctx)
  local t = turn()
  if ctx.choice ~= "end_turn" or t == nil or t.char ~= ctx.args.char then return end
  t.over = true
  T.log({ "water.log.turn_ended", who = names.who(t.char) })
end

-- Thrown out by a current: the owner picks the entry space (Q-26).
function M.ask_exit(char)
  T.decide { seat = T.owner(char), prompt = "water.where_out", options = realm.exits("out:", M.thrown),
             on_choice = M.thrown, args = { char = char } }
end

function M.thrown(ctx)
  local s = T.var("water_step")
  if s then s.done = true end
  M.exit(ctx.args.char, tostring(ctx.choice):match("^out:(.+)$"))
end

-- After the steps, still in the realm (§4.3 steps 5, 6): a fight with a
-- character on the same cell (the base's, with the realm's rules through
-- its channels), then the artifacts lying here once no monster is left.
function M.after_moves()
  local t = turn()
  local cell = board.where(t.char)
  local pvp = require "rules.pvp"
  if cell ~= realm.PALACE then pvp.offer() end
  T.schedule(M.pickup)
end

function M.pickup()
  local t = turn()
  if t.over or not realm.in_realm(t.char) then return end
  local cell = board.where(t.char)
  if realm.monster(cell) then return end
  local spheres = require "rules.spheres"
  for _, a in ipairs(board.lying_artifacts(cell)) do spheres.take_artifact(t.char, a) end
end

return M
