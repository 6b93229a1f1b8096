-- The year and the build round around its phases (§4.2, §4.3.6, §4.7):
-- which games have build rounds at all, the year transition, and the end
-- of each round.
local T = tabula
local E = require "rules.evil"
local C = require "rules.colours"
local pile = require "std.pile"
local M = {}

-- The practice fights, the skirmish and a scenario's custom board are one
-- combat on a ready dungeon: no build round, no second year.
function M.combat_only()
  return T.option("board") ~= nil or T.option("mode") == "skirmish"
end

function M.years_done() return M.combat_only() and (T.var("year") or 0) >= 1 end

function M.first_round() return T.var("round") == 1 end

-- §4.7: between the first combat and the second year.
function M.year_start()
  if T.var("year") == 1 then return end
  -- Item 1: this year's combat cards move to the city, in order.
  for _, c in ipairs(T.zone("combat_card")) do T.move(c, "box") end
  for _, c in ipairs(T.zone("combat_deck")) do T.move(c, "box") end
  pile.move_all("combat_deck_y2", nil, "combat_deck", nil)
  -- Item 2: the event tiles, shuffled, face down on the year plan again.
  for _, zone in ipairs({ "event_used", "event_now", "event_next" }) do
    pile.move_all(zone, nil, "event_tiles", nil)
  end
  for _, e in ipairs(T.zone("event_tiles")) do T.turn(e, false) end
  T.shuffle("event_tiles")
  -- Item 3: a year-1 paladin still in his tent leaves for the Distant Lands
  -- (the combat's end sends him there when there was a combat).
  for _, p in ipairs(T.zone("paladin_tent")) do
    if T.get(p, "year") < T.var("year") then T.move(p, "distant_lands") end
  end
  -- Item 4: the gold-back piles (what is left of the silver ones is out).
  for _, name in ipairs({ "monster_pile", "room_pile", "hero_pile" }) do
    for _, e in ipairs(T.zone(name)) do T.move(e, "box") end
    pile.move_all(name .. "_y2", nil, name, nil)
  end
  -- Item 5: the dummy cube of 2 players.
  if T.var("dummy_evil") then E.move_dummy(T.param("dummy_cube_year2")) end
  -- Item 6: the starting player moves, by the number of players.
  local n = C.by_players("year2_start_move")
  if n ~= 0 then T.set_start_seat((T.start_seat() - 1 + n) % T.seats() + 1) end
  T.log({ "year.second", seat = T.start_seat() })
  -- Item 7: the year-2 paladin comes at once to the most evil lord in the zone.
  E.check_paladin()
end

-- §4.3.6: imps come home, rooms rest; the token passes except in autumn.
function M.end_round()
  for seat = 1, T.seats() do
    T.set_counter(seat, "busy_imps", 0)
    T.set_counter(seat, "busy_trolls", 0)
    for _, sq in ipairs(T.zone("dungeon", seat)) do
      if T.kind(sq) == "room" then T.set(sq, "activations", 0) end
    end
  end
  if T.var("round") < 4 then
    T.set_start_seat(T.start_seat() % T.seats() + 1)
  end
end

return M
