-- How a game starts. options.board = 1..4: the rulebook's practice
-- dungeons ([params.practice_boards], §6.4); "custom": nothing (a scenario
-- file builds the state); options.mode = "skirmish": a random year-1 fight
-- for every seat ([params.skirmish], pools skirmish_*), so that combat simulations have
-- variety; none of these: the whole game (rules/game_setup.lua).
-- options.start: the starting player's seat (default 1).
local T = tabula
local game = require "rules.game_setup"
local chance = require "std.chance"
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

local function practice(n)
  local boards = T.param("practice_boards")
  local b = math.type(n) == "integer" and boards[n] or nil
  if not b then error("practice board " .. tostring(n) .. " does not exist (1.." .. #boards .. ")") end
  local seat = 1
  local room = T.option("room") == true
  practice_dungeon(seat, room)
  for _, h in ipairs(b.party) do T.create(h, "party", seat) end
  for _, t in ipairs(b.traps) do T.create(t, "traps", seat) end
  for _, m in ipairs(b.monsters) do T.create(m, "den", seat) end
  T.set_counter(seat, "food", b.food)
  T.set_counter(seat, "gold", b.gold + (room and 1 or 0))
end

local function skirmish()
  local k = T.param("skirmish")
  local heroes = chance.draw("skirmish_hero", T.param("skirmish_heroes"), k.heroes_per_seat * T.seats())
  for seat = 1, T.seats() do
    dig(seat, "tunnel", 3, 1)
    dig(seat, T.chance("skirmish_room", T.param("skirmish_rooms")), 3, 2)
    dig(seat, "tunnel", 3, 3)
    dig(seat, "tunnel", 2, 2)
    for i = 1, k.heroes_per_seat do T.create(heroes[(seat - 1) * k.heroes_per_seat + i], "party", seat) end
    for _, m in ipairs(chance.draw("skirmish_monster", T.param("skirmish_monsters"), k.monsters_per_seat)) do T.create(m, "den", seat) end
    for _, t in ipairs(chance.draw("skirmish_trap", T.param("skirmish_traps"), k.traps_per_seat)) do T.create(t, "traps", seat) end
    T.set_counter(seat, "food", k.food)
    T.set_counter(seat, "gold", k.gold)
    T.set_counter(seat, "imps", k.imps)
  end
  T.create("paladin_y1", "paladin_tent")
  for _, c in ipairs(chance.draw("skirmish_combat_card", T.param("skirmish_combat_cards"), T.param("combat_cards_used"))) do
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
  if board then
    practice(board)
  elseif T.option("mode") == "skirmish" then
    skirmish()
  else
    game.build()
  end
end

return setups
