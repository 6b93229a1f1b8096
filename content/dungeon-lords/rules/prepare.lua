-- P1, round preparation (§4.3.1): a new offer of monsters and rooms, this
-- round's event and heroes step forward, and the forecast for the next
-- round: its event tile and its heroes, drawn, redrawn and sorted.
local T = tabula
local C = require "rules.colours"
local O = require "rules.orders"
local pile = require "std.pile"
local M = {}

local function reveal(from, to, n)
  for _, e in ipairs(pile.draw({ from = from, to = to, n = n })) do T.turn(e, true) end
end

-- Item 3c: while every drawn hero shows the same symbol (level), the last
-- one goes under the pile and another is drawn. A pile of one level only
-- would never end, so at most a pile's worth of redraws is made.
local function same_level(heroes)
  for i = 2, #heroes do
    if T.get(heroes[i], "level") ~= T.get(heroes[1], "level") then return false end
  end
  return #heroes > 1
end

local function draw_heroes()
  local drawn = pile.draw({ from = "hero_pile", to = "heroes_next", n = C.by_players("heroes_per_round") })
  for _ = 1, T.count("hero_pile") do
    if not same_level(drawn) then break end
    local last = table.remove(drawn)
    pile.put_bottom(last, "hero_pile")
    T.turn(last, false)
    local again = pile.draw({ from = "hero_pile", to = "heroes_next" })
    drawn[#drawn + 1] = again[1]
  end
  -- Item 3d: a stable sort, weakest (lowest level) on the left.
  local order = {}
  for i, h in ipairs(drawn) do order[i] = { hero = h, at = i } end
  table.sort(order, function(a, b)
    local la, lb = T.get(a.hero, "level"), T.get(b.hero, "level")
    if la ~= lb then return la < lb end
    return a.at < b.at
  end)
  for i, o in ipairs(order) do
    T.move(o.hero, "heroes_next", nil, i)
    T.turn(o.hero, true)
  end
  for _, h in ipairs(T.zone("heroes_next")) do T.log({ "prepare.hero", hero = h, level = T.get(h, "level") }) end
end

function M.prepare()
  -- F1: the blocked cards chosen at setup are shown together now.
  O.show_blocked()
  -- Items 1-2: each round has a completely new offer.
  for _, zone in ipairs({ "tavern", "shop" }) do
    for _, e in ipairs(T.zone(zone)) do T.move(e, "distant_lands") end
  end
  reveal("monster_pile", "tavern", T.param("tavern_size"))
  reveal("room_pile", "shop", T.param("shop_size"))
  -- What was forecast last round happens in this one; last round's tile,
  -- resolved, has left the Year plan (§4.3.4).
  pile.move_all("event_now", nil, "event_used", nil)
  pile.move_all("event_next", nil, "event_now", nil)
  pile.move_all("heroes_next", nil, "heroes_now", nil)
  -- Item 3: the forecast for the next round.
  if T.var("round") < 4 then
    local tile = pile.top("event_tiles")
    if tile then
      T.move(tile, "event_next")
      T.turn(tile, true)
      T.log({ "prepare.event", event = tile })
      T.emit("event_forecast", { tile = tile })
    end
    draw_heroes()
  end
end

return M
