-- The Water Realm's rules (WR §3.3): the flow hooks of its setup and turn
-- steps (pack.toml), and its answers to the base's extension points,
-- channels and events. The parts: realm.lua (the board, air), setup.lua,
-- entry.lua, gate.lua, legends.lua, turn.lua, cells.lua, palace.lua.
local T = tabula
local board = require "rules.board"
local realm = require "water.realm"
local setup = require "water.setup"
local turn = require "water.turn"
local M = {}

function M.setup() setup.run() end
function M.not_in_realm() return turn.not_in_realm() end
function M.air() turn.air() end
function M.moves_done() return turn.moves_done() end
function M.move() turn.move() end
function M.after_moves() turn.after_moves() end

local function holder_in_water(card)
  local _, seat = T.where(card)
  local char = seat and board.character(seat)
  return char ~= nil and realm.is_water(board.where(char))
end

-- Whether an artifact that came from the Gate's sphere is not held by a
-- character. Once the Gate is found they are the cards marked `from_gate`
-- (var water_artifacts: how many): all are held when that many lie in the
-- characters' artifacts. Before, they are those under the face-down Gate.
local function water_artifact_away()
  local total = T.var("water_artifacts")
  if total then
    local held = 0
    for seat = 1, T.seats() do
      for _, a in ipairs(T.zone("artifacts", seat)) do
        if T.get(a, "from_gate", false) then held = held + 1 end
      end
    end
    return held < total
  end
  for _, sp in ipairs(board.SPHERES) do
    local cards = T.zone(sp)
    if cards[1] and T.def(cards[1]) == "water_gate" then
      for _, c in ipairs(cards) do
        if T.kind(c) == "item" then return true end
      end
      return false
    end
  end
  return false
end

M.extend = {
  -- WR §3.3.5: the Gate replaces one lesser guardian.
  lesser_guardian_extras = function() return { "water_gate" } end,
  -- A water item or ability lost for any reason leaves the game (§3.3.13);
  -- an undersea ability goes under the undersea pile (§3.3.6).
  lost_card = function(ctx)
    local c = ctx.args.card
    if T.has_tag(c, "undersea") then return { { zone = "undersea_pile", position = "back", face_up = false } } end
    if T.has_tag(c, "water") then return { { zone = "out" } } end
    return nil
  end,
  -- Artifacts in the palace or lying on a water cell are not yet held (Q-34).
  artifacts_away = function()
    local out = {}
    for _, cell in ipairs(T.nodes("water")) do
      for _, id in ipairs(T.zone(cell)) do
        if T.kind(id) == "item" and T.get(id, "deck") == "artifact" then out[#out + 1] = id end
      end
    end
    return out
  end,
  -- Clairvoyant Dream may look into the palace once the Gate is found.
  dream_places = function()
    if T.var("water_gate_sphere") and not T.var("water_closed") then return { realm.PALACE } end
    return nil
  end,
}

M.modify = {
  -- §3.3.3: one more item and one more ability.
  item_limit = function(ctx) return ctx.args.amount + T.param("realm_limit_bonus") end,
  ability_limit = function(ctx) return ctx.args.amount + T.param("realm_limit_bonus") end,
  -- §3.3.9: chance cards do not touch a character in the realm.
  chance_affects = function(ctx)
    if realm.in_realm(ctx.args.character) then return 0 end
    return ctx.args.amount
  end,
  -- §3.3.6 item 3, §3.3.19: in the final battle Legends of the Deep and
  -- Clairvoyant Dream are passed over.
  chance_ignored = function(ctx)
    local def = T.def(ctx.args.card)
    if T.var("final_battle") and (def == "legends_of_the_deep" or def == "clairvoyant_dream") then return 1 end
    return ctx.args.amount
  end,
  -- §3.3.15: -1 for each hand used in strength combat under water.
  hand_cost = function(ctx)
    local f = ctx.args.fighter
    if ctx.args.combat == "strength" and T.kind(f) == "character" and realm.is_water(board.where(f)) then
      return ctx.args.amount + 1
    end
    return ctx.args.amount
  end,
  -- §3.3.9: water and undersea cards work only in the realm (never against
  -- the palace guardian, whose cell is no water cell).
  card_works = function(ctx)
    local c = ctx.args.card
    if (T.has_tag(c, "water") or T.has_tag(c, "undersea")) and not holder_in_water(c) then return 0 end
    return ctx.args.amount
  end,
  -- §3.3.17: +1 for a Pearl holder against a character without one.
  combat_bonus = function(ctx)
    local f, o = ctx.args.fighter, ctx.args.opponent
    if T.kind(f) == "character" and o and T.kind(o) == "character" and realm.has_pearl(T.owner(f))
       and not realm.has_pearl(T.owner(o)) then
      return ctx.args.amount + T.param("pearl_bonus")
    end
    return ctx.args.amount
  end,
  -- D-37: no fight in the palace; none on a cell whose monster still lives.
  may_attack = function(ctx)
    local cell = board.where(ctx.args.attacker)
    if realm.is_cell(cell) and (cell == realm.PALACE or realm.monster(cell)) then return 0 end
    return ctx.args.amount
  end,
  -- §3.3.19: no win until the Water artifact is held; none while another
  -- Pearl holder holds an artifact.
  win_blocked = function(ctx)
    if water_artifact_away() then return ctx.args.amount + 1 end
    for seat = 1, T.seats() do
      if seat ~= ctx.args.seat and realm.has_pearl(seat) and board.artifact_count(seat) > 0 then
        return ctx.args.amount + 1
      end
    end
    return ctx.args.amount
  end,
}

M.on = {
  -- §3.3.16 item 4: a loser in the realm who gives a life gives a bubble too.
  pvp_life_lost = function(ctx)
    local loser = ctx.args.loser
    if realm.in_realm(loser) then realm.pay(loser, T.param("pvp_life_bubbles"), "pvp") end
  end,
  -- Whoever is moved out of the realm by anything else (the Heroic
  -- Solution's march) gives its stones back too.
  moved = function(ctx)
    local c = ctx.args.character
    if T.kind(c) == "character" and not realm.in_realm(c) and T.get(c, "air_bag") > 0 then
      for _, p in ipairs { "air", "air_spent", "air_bag", "visit_turns" } do T.set(c, p, 0) end
      T.set(c, "stuck_with", -1)
      T.set(c, "palace_wait", false)
    end
  end,
  -- §3.3.18: the dead leave the realm; their stones go back to the bank.
  died = function(ctx)
    local c = ctx.args.character
    for _, p in ipairs { "air", "air_spent", "air_bag", "visit_turns" } do T.set(c, p, 0) end
    T.set(c, "stuck_with", -1)
    T.set(c, "palace_wait", false)
  end,
  -- §3.3.19 item 3: the Gate closes; whoever is inside comes out (the owner
  -- chooses where, Q-26); the Water board is put away.
  final_battle = function()
    T.set_var("water_closed", true)
    for _, c in ipairs(board.characters()) do
      if realm.in_realm(c) then turn.ask_exit(c) end
    end
    T.schedule(M.close)
  end,
}

function M.close()
  for _, sp in ipairs(board.SPHERES) do
    for _, c in ipairs(T.zone(sp)) do
      if T.def(c) == "water_gate" then T.move(c, "out") end
    end
  end
  for _, cell in ipairs(T.nodes("water")) do
    for _, id in ipairs(T.zone(cell)) do
      if T.kind(id) ~= "character" then T.move(id, "out") end
    end
  end
end

return M
