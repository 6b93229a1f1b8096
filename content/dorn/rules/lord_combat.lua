-- L4, the monsters' and Zorkal's attacks: dorn.md §5.4 (with §5.1 for who
-- reaches whom and §5.5 for the wounds). Four steps, each a flow node:
--   begin     every monster (and Zorkal once the Gate is open) that may
--             attack gets its attacks for the turn
--   declare   the Lord sends one attack at a time at a hero in reach, or
--             stops ("done"); a monster's attacks may go to different heroes
--             (OQ-13)
--   block     each hero attacked, in entity order, blocks what he chooses,
--             one attack at a time, among them the blocks a card gives
--             for nothing (Paladin's Aura, Pike Mastery: "free:<k>")
--   resolve   every attack not blocked wounds its hero, in the order
--             declared; a hero already dead takes no more (OQ-20)
-- The var `l4` holds the phase's state and is cleared at the end:
--   attackers  {{id, left}}: attacks each attacker still may declare
--   attacks    {{by, on, block}}: declared attacks; `block` is "" (not
--              blocked), "block" (his own block), "auto" (a free block)
--              or "hand"
--   heroes     the heroes attacked, in entity order (once declared)
--   asked      how many of them have finished blocking
--   spent      {{hero, n}}: blocks each hero has spent this turn
--   once       entities (abilities) used once this turn
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local abilities = require "rules.abilities"
local movement = require "rules.movement"
local M = {}

local LORD = 1

local BOARD_FIELD = {}
for _, f in ipairs(T.nodes("board")) do BOARD_FIELD[f] = true end

-- Whether a figure or token stands on a field of the board.
function M.on_board(id)
  local z = T.where(id)
  return z ~= nil and BOARD_FIELD[z] == true
end

local function state() return T.var("l4") end

-- How an attacker reaches (its Lexicon entry; Zorkal: his weapon) and how
-- many wounds one attack deals.
local function weapon(id)
  local def = T.def(id)
  if T.kind(id) == "lord_figure" then
    local w = T.def_get(def, "weapon")
    return T.def_get(w, "reach"), T.def_get(w, "range"), T.def_get(w, "damage"), abilities.has(id, w)
  end
  return T.def_get(def, "reach"), T.def_get(def, "range"), T.param("wound"), id
end

-- §5.4.2: a monster's attacks from the Lexicon, Zorkal's by his level;
-- cards change them through the channel `attacks` (a bat has none).
function M.capacity(id)
  local n = T.def_get(T.def(id), "attacks")
  if type(n) == "table" then n = n[T.get(id, "level")] end
  return T.modify("attacks", n, { figure = id })
end

-- §5.4.3: the heroes `id` may attack: in its reach, not on the Path or in
-- Argos, never through a Teleport (rules/reach.lua). And the cave-ins of
-- variant 15.c, which both sides may wound (§4.17, best reading); the
-- barriers of The Earth Awakens only the heroes.
function M.targets(id)
  local r, range = weapon(id)
  local out = {}
  for _, t in ipairs(reach.targets(id, r, range)) do
    local kind = T.kind(t)
    if kind == "hero" or kind == "cavein" then out[#out + 1] = t end
  end
  return out
end

function M.begin()
  local attackers = {}
  for _, kind in ipairs { "monster", "lord_figure" } do
    for _, id in ipairs(board.all(kind)) do
      if movement.may_act(id, "attack") then
        local n = M.capacity(id)
        if n > 0 then attackers[#attackers + 1] = { id = id, left = n } end
      end
    end
  end
  T.set_var("l4", { attackers = attackers, attacks = {}, heroes = {}, declared = false,
                    asked = 0, spent = {}, once = {} })
end

-- Declaration ---------------------------------------------------------------

function M.declared() return state().declared end

local function finish_declaration(s)
  local seen, heroes = {}, {}
  for _, a in ipairs(s.attacks) do
    -- Only a hero blocks: an attack on a cave-in always lands.
    if not seen[a.on] and T.kind(a.on) == "hero" then
      seen[a.on] = true
      heroes[#heroes + 1] = a.on
    end
  end
  table.sort(heroes)
  s.heroes = heroes
  s.declared = true
end

function M.declare()
  local s, options = state(), {}
  for _, a in ipairs(s.attackers) do
    if a.left > 0 then
      for _, t in ipairs(M.targets(a.id)) do
        options[#options + 1] = { id = a.id .. ">" .. t, label = { "l4.attack", attacker = a.id, target = t,
                                                                 from = names.of(board.field(a.id)), at = names.of(board.field(t)) } }
      end
    end
  end
  if #options == 0 then
    finish_declaration(s)
    return
  end
  options[#options + 1] = { id = "done", label = "l4.declare_done" }
  T.decide { seat = LORD, prompt = "l4.declare", options = options, on_choice = M.declared_one }
end

function M.declared_one(ctx)
  local s = state()
  if ctx.choice == "done" then
    finish_declaration(s)
    return
  end
  local by, on = ctx.choice:match("^(%d+)>(%d+)$")
  by, on = math.tointeger(tonumber(by)), math.tointeger(tonumber(on))
  for _, a in ipairs(s.attackers) do
    if a.id == by then a.left = a.left - 1 end
  end
  -- `from`: where the attacker stood, which still counts (Paladin's Aura)
  -- if a Riposte kills it before the hero it attacks blocks.
  s.attacks[#s.attacks + 1] = { by = by, on = on, block = "", from = board.field(by) }
  T.log { "l4.declared", attacker = by, target = on, from = names.of(board.field(by)), at = names.of(board.field(on)) }
end

-- Blocks --------------------------------------------------------------------

-- The blocks `hero` has this Lord turn (param `hero_blocks`, channel
-- `blocks`: Parry) less those spent.
function M.blocks_left(hero)
  local n = T.modify("blocks", T.param("hero_blocks"), { figure = hero })
  for _, e in ipairs(state().spent) do
    if e.hero == hero then n = n - e.n end
  end
  return math.max(0, n)
end

local function spend(hero)
  local s = state()
  for _, e in ipairs(s.spent) do
    if e.hero == hero then
      e.n = e.n + 1
      return
    end
  end
  s.spent[#s.spent + 1] = { hero = hero, n = 1 }
end

-- The declared attacks on `hero` not blocked yet: {{k, by}}, k = the
-- attack's index in the declaration.
function M.open_attacks(hero)
  local out = {}
  for k, a in ipairs(state().attacks) do
    if a.on == hero and a.block == "" then out[#out + 1] = { k = k, by = a.by, from = a.from } end
  end
  return out
end

-- Blocks attack `k`: `blocker` spends one of his blocks on it ("block",
-- "hand"), or it is blocked for nothing ("auto"). `attack_blocked` tells
-- the cards (Riposte).
function M.block_with(k, blocker, how)
  local a = state().attacks[k]
  a.block = how
  if how ~= "auto" then spend(blocker) end
  T.log { "l4.blocked", attacker = a.by, target = a.on }
  T.emit("attack_blocked", { attacker = a.by, target = a.on, blocker = blocker, how = how })
end

-- Whether `entity` (an ability used "once per turn") is still unused in
-- this L4; `use_once` also marks it used.
function M.unused(entity)
  for _, e in ipairs(state().once) do
    if e == entity then return false end
  end
  return true
end

function M.use_once(entity)
  if not M.unused(entity) then return false end
  local s = state()
  s.once[#s.once + 1] = entity
  return true
end

function M.blocks_done()
  local s = state()
  return s.declared and s.asked >= #s.heroes
end

-- The open attacks a card lets the hero block for nothing: those the
-- channel `auto_block` {attacker, target, distance} answers with 1. The
-- cards say he "may" block them (components §3.2, §3.6), and a free block
-- is not always best (an attack left open may be Ragnar's to stop with
-- Protecting Hand and riposte), so each is an option of his decision.
local function free_blocks(hero)
  local out = {}
  for _, o in ipairs(M.open_attacks(hero)) do
    local d = reach.distance(o.from, board.field(hero)) or 0
    if T.modify("auto_block", 0, { attacker = o.by, target = hero, distance = d }) > 0 then out[#out + 1] = o end
  end
  return out
end

function M.block()
  local s = state()
  local hero = s.heroes[s.asked + 1]
  local options = {}
  if M.on_board(hero) then
    for _, o in ipairs(free_blocks(hero)) do
      options[#options + 1] = { id = "free:" .. o.k, label = { "l4.free_block", attacker = o.by } }
    end
  end
  if M.on_board(hero) and M.blocks_left(hero) > 0 then
    for _, o in ipairs(M.open_attacks(hero)) do
      options[#options + 1] = { id = "block:" .. o.k, label = { "l4.block", attacker = o.by, from = names.of(o.from or board.field(o.by)) } }
    end
  end
  -- Blocks other heroes give (Protecting Hand): options with their own
  -- on_choice.
  if #M.open_attacks(hero) > 0 and M.on_board(hero) then
    for _, o in ipairs(T.collect("l4_blocks", { hero = hero })) do options[#options + 1] = o end
  end
  if #options == 0 then
    s.asked = s.asked + 1
    return
  end
  options[#options + 1] = { id = "done", label = "l4.block_done" }
  T.decide { seat = T.owner(hero), prompt = { "l4.blocks", hero = hero }, options = options,
             on_choice = M.blocked_one, args = { hero = hero } }
end

function M.blocked_one(ctx)
  local s = state()
  if ctx.choice == "done" then
    s.asked = s.asked + 1
    return
  end
  local how, k = ctx.choice:match("^(%a+):(%d+)$")
  M.block_with(math.tointeger(tonumber(k)), ctx.args.hero, how == "free" and "auto" or "block")
end

-- Resolution ----------------------------------------------------------------

-- §5.4.6-7: each attack not blocked wounds its hero for `wound` (Zorkal:
-- his weapon's damage) through rules/wounds.lua: the Lord's Blood Drops
-- (cap 16), the hero's death, the Lord's win when none is left. A hero who
-- has died takes no more wounds, so lives lost = min(wounds, lives).
function M.resolve()
  local s = state()
  for _, hero in ipairs(s.heroes) do
    for _, a in ipairs(s.attacks) do
      if a.on == hero and a.block == "" and M.on_board(hero) and #board.all("hero") > 0 then
        local _, _, damage, card = weapon(a.by)
        wounds.deal(hero, damage, { by = a.by, how = "attack", card = card })
      end
    end
  end
  -- Then the cave-ins, in the order declared, while the game goes on.
  for _, a in ipairs(s.attacks) do
    if T.kind(a.on) ~= "hero" and M.on_board(a.on) and #board.all("hero") > 0 then
      local _, _, damage, card = weapon(a.by)
      wounds.deal(a.on, damage, { by = a.by, how = "attack", card = card })
    end
  end
  T.set_var("l4", nil)
end

return M
