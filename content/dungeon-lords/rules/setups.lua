-- How a fight starts. options.board = 1..4: the rulebook's practice
-- dungeons (§6.4; forces and food as the printed solutions use them);
-- "custom": nothing (a scenario file builds the state); none: a random
-- year-1 skirmish for every seat, so that simulations have variety.
-- options.start: the starting player's seat (default 1).
local T = tabula
local setups = {}

local function dig(seat, def, c, r)
  local sq = T.create(def, "dungeon", seat)
  T.set(sq, "c", c)
  T.set(sq, "r", r)
  return sq
end

-- The practice board's three tunnels C1, C2, C3 in a line from the entrance.
local function practice_dungeon(seat, room_first)
  dig(seat, room_first and "chicken_coop" or "tunnel", 3, 1)
  dig(seat, "tunnel", 3, 2)
  dig(seat, "tunnel", 3, 3)
end

local boards = {
  [1] = { party = { "y1_fighter_l1", "y1_fighter_l2", "y1_priest_l1" },
          traps = { "rolling_boulder" }, monsters = { "troll", "goblin" }, food = 1 },
  [2] = { party = { "y1_fighter_l2", "y1_thief_l2b", "y1_thief_l2" },
          traps = { "poisoned_meal" }, monsters = { "witch", "ghost" }, food = 1 },
  [3] = { party = { "y1_fighter_l3", "y1_priest_l2b", "y1_thief_l3" },
          traps = { "cursed_ring", "pendulum" }, monsters = { "vampire" }, gold = 1 },
  [4] = { party = { "y1_priest_l2", "y1_thief_l1", "y1_priest_l3" },
          traps = { "wall_of_fire", "antimagic_dart" }, monsters = { "slime" } },
}

local function practice(n)
  local b = boards[n]
  if not b then error("practice board " .. tostring(n) .. " does not exist (1..4)") end
  local seat = 1
  local room = T.option("room") == true
  practice_dungeon(seat, room)
  for _, h in ipairs(b.party) do T.create(h, "party", seat) end
  for _, t in ipairs(b.traps) do T.create(t, "traps", seat) end
  for _, m in ipairs(b.monsters) do T.create(m, "den", seat) end
  T.set_counter(seat, "food", b.food or 0)
  T.set_counter(seat, "gold", (b.gold or 0) + (room and 1 or 0))
end

-- Draws n distinct entries of `pool` with the kernel's RNG.
local function draw(pool, n)
  local bag, out = { table.unpack(pool) }, {}
  for _ = 1, n do
    out[#out + 1] = table.remove(bag, T.random(#bag))
  end
  return out
end

local HEROES = {}
for _, class in ipairs({ "fighter", "thief", "priest", "wizard" }) do
  for _, tile in ipairs({ "l1", "l2", "l2b", "l3" }) do HEROES[#HEROES + 1] = "y1_" .. class .. "_" .. tile end
end
local MONSTERS = { "goblin", "slime", "ghost", "troll", "witch", "vampire" }
local TRAPS = { "rolling_boulder", "wall_of_fire", "poisoned_meal", "cursed_ring", "pendulum",
                "poisoned_dart", "antimagic_dart", "trapdoor", "kamikaze_imp" }
local ROOMS = { "chicken_coop", "souvenir_shop", "printing_press", "magic_room" }
local CARDS = { "word_of_peace", "suggestion", "magic_shield", "invisibility", "detect_evil",
                "fist_of_justice", "detect_treasure", "fireball", "graffiti" }

local function skirmish()
  local heroes = draw(HEROES, 3 * T.seats())
  for seat = 1, T.seats() do
    dig(seat, "tunnel", 3, 1)
    dig(seat, draw(ROOMS, 1)[1], 3, 2)
    dig(seat, "tunnel", 3, 3)
    dig(seat, "tunnel", 2, 2)
    for i = 1, 3 do T.create(heroes[(seat - 1) * 3 + i], "party", seat) end
    for _, m in ipairs(draw(MONSTERS, 2)) do T.create(m, "den", seat) end
    for _, t in ipairs(draw(TRAPS, 2)) do T.create(t, "traps", seat) end
    T.set_counter(seat, "food", 2)
    T.set_counter(seat, "gold", 2)
    T.set_counter(seat, "imps", 3)
  end
  T.create("paladin_y1", "paladin_tent")
  for _, c in ipairs(draw(CARDS, 4)) do
    local card = T.create(c, "combat_deck")
    T.turn(card, false)
  end
end

function setups.build()
  -- §4.6.1 item 3: the starting player of the combat is the one who started
  -- the autumn round; options.start (a seat, 1..n) says who, seat 1 if unset.
  local start = T.option("start")
  if start then T.set_start_seat(start) end
  local board = T.option("board")
  if board == "custom" then return end
  if board then practice(board) else skirmish() end
end

return setups
