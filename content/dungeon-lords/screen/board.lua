-- The shared part of the Dungeon Lords screen: the Year plan (year, season
-- or combat round, events, heroes, combat card), the Evil scale with every
-- lord and the dummy cube, the central board's eight actions with who
-- stands on each slot (the variable "slots": a colour per slot, 0 free), the
-- tavern and the shop.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local B = {}

local SLOTS, ACTIONS = T.param("action_slots"), T.param("actions")
local EVIL_MIN, EVIL_MAX, PALADIN = T.param("evil_min"), T.param("evil_max"), T.param("paladin_line")
local SEASONS = { "winter", "spring", "summer", "autumn" }
local LABEL, WIDTH = 11, 79   -- an 80-column terminal

-- Parts (joined by `sep`) under a label in the first 11 columns, flowing
-- onto more lines indented past the label when they run long.
local function labelled(add, label, parts, sep)
  for i, line in ipairs(S.flow(parts, sep, WIDTH - LABEL, "  ")) do
    add(S.pad(i == 1 and label or "", LABEL) .. line)
  end
end

-- Each entity shown by `show`, for `labelled` to break between.
local function list_of(items, show)
  local out = {}
  for i, e in ipairs(items) do out[i] = show(e) end
  return out
end

-- A text's words, for `labelled` to break between.
local function words(text)
  local out = {}
  for w in text:gmatch("%S+") do out[#out + 1] = w end
  return out
end

-- A whole game has build rounds, whose central board (the variable
-- "slots") exists from the first round on; a practice fight or a skirmish
-- is a combat alone, with no year to speak of and no paladin to come.
function B.whole_game(view) return view.vars.slots ~= nil end

-- The combat is on while the lords' fight facts exist (rules/fight.lua).
function B.in_combat(view)
  for name in pairs(view.vars) do
    if name:sub(1, 6) == "fight@" then return true end
  end
  return false
end

-- "Taxes — Pay 1 gold per ...", each tile with its text (a special event
-- comes with its card), or a dash.
local function event(view, zone)
  local tiles = S.items(view, zone)
  return S.join(tiles, function(e) return e.text and e.text ~= "" and e.name .. " — " .. e.text or e.name end, " · ", "—")
end

-- "this round: Thief (hp 3), Wizard (...)" as parts to flow, one per hero.
local function heroes(view, zone, when)
  local parts = {}
  for i, h in ipairs(S.items(view, zone)) do parts[i] = W.hero(h) end
  parts[1] = W.t(when, { what = parts[1] or "—" })
  return parts
end

-- Whether this combat round's card is out: the lords' battlefields are
-- set when it is revealed (rules/combat.lua), so before that the card on
-- the plan is last round's.
local function card_revealed(view)
  for name, fight in pairs(view.vars) do
    if name:sub(1, 6) == "fight@" and (fight.square or fight.nowhere) then return true end
  end
  return false
end

-- The year's combat cards still face down, and those the seat has seen by
-- spying, at their places (a reveal shows a card to its seat only).
local function combat_deck(view, add)
  local deck = S.zone(view, "combat_deck")
  if not deck or deck.count == 0 then return end
  add(W.t("cards_left", { n = deck.count }))
  for place, card in ipairs(deck.items or {}) do
    if not card.hidden then add("    " .. W.t("spied", { n = place, card = card.name .. " — " .. card.text })) end
  end
end

function B.year_plan(view, add)
  local v = view.vars
  if B.in_combat(view) then
    local round = W.t("combat_round", { n = v.combat_round or 1 })
    add("== " .. (B.whole_game(view) and W.t("year", { year = v.year }) .. " · " or "") .. round .. " ==")
    local card = S.items(view, "combat_card")[1]
    if card then
      local line = W.t(card_revealed(view) and "card_now" or "card_before") .. ": " .. card.name .. " — " .. card.text
      for _, l in ipairs(S.flow(words(line), " ", WIDTH, "    ")) do add(l) end
    end
    combat_deck(view, add)
    return
  end
  if not B.whole_game(view) then return end
  add("== " .. W.t("year", { year = v.year }) .. " · "
      .. W.t("build_round", { season = W.t("season_" .. SEASONS[v.round]), n = v.round }) .. " ==")
  local events = words(W.t("now", { what = event(view, "event_now") }) .. " · " .. W.t("next", { what = event(view, "event_next") }))
  labelled(add, W.t("event"), events, " ")
  -- Heroes part from heroes at commas, and this round's from the next at a dot.
  local parts = {}
  for _, group in ipairs({ heroes(view, "heroes_now", "now"), heroes(view, "heroes_next", "next") }) do
    if #parts > 0 then parts[#parts + 1] = "·" end
    for i, h in ipairs(group) do parts[#parts + 1] = h .. (i < #group and "," or "") end
  end
  labelled(add, W.t("heroes"), parts, " ")
  local deck = S.zone(view, "combat_deck")
  if deck and deck.items then combat_deck(view, add) end
end

-- "1 2 3 4 5[you S2 D4] 6 ... 9 ‖ 10 ... 15": who stands where, the
-- paladin line before its space.
function B.evil_scale(view, add)
  local at = {}
  local function put(evil, who)
    at[evil] = at[evil] or {}
    table.insert(at[evil], who)
  end
  for _, seat in ipairs(view.seats) do put(seat.counters.evil, W.colour(view, seat.seat)) end
  if view.vars.dummy_evil then put(view.vars.dummy_evil, W.t("dummy_cube")) end
  local parts = {}
  for evil = EVIL_MIN, EVIL_MAX do
    if evil == PALADIN then parts[#parts + 1] = "‖" end
    parts[#parts + 1] = at[evil] and evil .. "[" .. table.concat(at[evil], " ") .. "]" or tostring(evil)
  end
  local line = S.pad(W.t("evil_scale"), 11) .. table.concat(parts, " ")
  if B.whole_game(view) then
    line = line .. "  " .. W.t(S.items(view, "paladin_tent")[1] and "paladin_waits" or "paladin_out")
  end
  add(line)
end

-- The order card's name of each action (the actions are named by them).
local function action_names()
  local names = {}
  for _, def in ipairs(T.defs({ kind = "order" })) do
    local d = T.definition(def)
    names[d.props.action] = d.name
  end
  return names
end

-- "Get Food [you · S3]": who stands on each slot of each action someone
-- stands on, flowing under the label. What each slot does is on the order cards (the orders
-- question shows their texts), so the board shows only who is where.
function B.central_board(view, add)
  local slots, names = view.vars.slots, action_names()
  if not slots then return end
  local parts = {}
  for _, action in ipairs(ACTIONS) do
    local who, anyone = {}, false
    for i = 1, #SLOTS[action] do
      local colour = slots[action] and slots[action][i] or 0
      who[i] = colour == 0 and "·" or W.colour(view, colour)
      anyone = anyone or colour ~= 0
    end
    -- Only the actions someone stands on: the others are all free.
    if anyone then parts[#parts + 1] = (names[action] or action) .. " [" .. table.concat(who, " ") .. "]" end
  end
  labelled(add, W.t("central_board"), #parts > 0 and parts or { W.t("board_free") }, " · ")
end

-- The tavern's monsters, each kind once with its cost ("2× Ghost (1
-- evil)"; what each does is in the hire question), and the shop's rooms.
function B.market(view, add)
  local kinds, count = {}, {}
  for _, m in ipairs(S.items(view, "tavern")) do
    if not count[m.def] then kinds[#kinds + 1] = m end
    count[m.def] = (count[m.def] or 0) + 1
  end
  local offer = {}
  for i, m in ipairs(kinds) do
    offer[i] = (count[m.def] > 1 and count[m.def] .. "× " or "") .. m.name .. " (" .. W.cost(m) .. ")"
  end
  if #offer > 0 then labelled(add, W.t("tavern"), offer, ", ") end
  local shop = S.items(view, "shop")
  if #shop > 0 then labelled(add, W.t("shop"), list_of(shop, W.room), ", ") end
end

return B
