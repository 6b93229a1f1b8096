-- Setup of the whole game (§3.1-§3.3): the central board's piles and decks,
-- each lord's board, and the dummies' order cards. Every pile is a [params]
-- list of definition ids, so a layer adds a card by appending its id.
local T = tabula
local C = require "rules.colours"
local O = require "rules.orders"
local chance = require "std.chance"
local G = {}

-- A shuffled face-down pile of the listed definitions.
local function pile_of(zone, defs)
  for _, def in ipairs(defs) do
    local e = T.create(def, zone)
    T.turn(e, false)
  end
  T.shuffle(zone)
end

local function lord(seat)
  for _, at in ipairs(T.param("start_tunnels")) do
    local sq = T.create("tunnel", "dungeon", seat)
    T.set(sq, "c", at[1])
    T.set(sq, "r", at[2])
  end
  T.set_counter(seat, "food", T.param("start_food"))
  T.set_counter(seat, "gold", T.param("start_gold"))
  T.set_counter(seat, "imps", T.param("start_imps"))
end

function G.build()
  if T.seats() < 2 then
    error("the whole game is for 2 to 4 players; one seat plays a practice setup (--setup practice-1) or the skirmish")
  end
  -- Items 3-4: four combat cards of each year drawn at random, face down,
  -- order fixed; the others are never created (back to the box unseen).
  local used = T.param("combat_cards_used")
  for _, def in ipairs(chance.draw("combat_card", T.param("combat_cards_y1"), used)) do T.turn(T.create(def, "combat_deck"), false) end
  for _, def in ipairs(chance.draw("combat_card", T.param("combat_cards_y2"), used)) do T.turn(T.create(def, "combat_deck_y2"), false) end
  -- Items 5-8: traps, and the silver piles now, the gold ones in the Distant Lands.
  pile_of("trap_deck", T.param("trap_deck"))
  pile_of("monster_pile", T.param("monster_pile_y1"))
  pile_of("room_pile", T.param("room_pile_y1"))
  pile_of("hero_pile", T.param("hero_pile_y1"))
  pile_of("monster_pile_y2", T.param("monster_pile_y2"))
  pile_of("room_pile_y2", T.param("room_pile_y2"))
  pile_of("hero_pile_y2", T.param("hero_pile_y2"))
  -- Item 9: the event tiles; item 10: the paladins, year 1 on top.
  pile_of("event_tiles", T.param("events"))
  for _, def in ipairs(T.param("paladins")) do T.create(def, "paladin_tent") end
  -- Items 12-15, §3.2-§3.3: the lords and the dummies.
  for seat = 1, T.seats() do lord(seat) end
  if #C.dummies() == 2 then T.set_var("dummy_evil", T.counter(1, "evil")) end
  O.deal_orders()
  T.emit("game_set_up")
end

return G
