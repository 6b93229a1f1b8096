-- Setup (§3): the randomizers choose three monster groups (with any Dungeon
-- Features among them), four hero types and eight village stacks; the
-- Dungeon deck gets its Thunderstone (and a Guardian) near the bottom; the
-- Hall is filled with monsters; each player gets a starting deck and hand.
-- Option set = "first" (setup first-game) takes the fixed set of §3.9.
-- Cards join the randomizer pools by being declared: a monster by its
-- `group`, a hero by its `stack`, a village card by type "village" without
-- the tag "basic".
local T = tabula
local C = require "rules.cards"
local M = {}

local P = {
  groups = T.param("monster_groups"),
  heroes = T.param("hero_stacks"),
  village = T.param("village_stacks"),
  ts_block = T.param("thunderstone_block"),
  guardian_block = T.param("guardian_block"),
  features = T.param("feature_randomizers"),
  special = T.param("special_features"),
  thunderstones = T.param("thunderstones"),
  start = T.param("start_deck"),
  first = T.param("first_game"),
}

-- A copy of `items` in random order (Fisher–Yates with the kernel's RNG).
local function shuffled(items)
  local out = {}
  for i = 1, #items do out[i] = items[i] end
  for i = #out, 2, -1 do
    local j = T.random(i)
    out[i], out[j] = out[j], out[i]
  end
  return out
end

-- The distinct values of prop `key` over the definitions of `type`, sorted.
local function pools(type, key, skip)
  local seen, out = {}, {}
  for _, def in ipairs(T.defs { kind = "card" }) do
    local v = T.def_get(def, key)
    if T.def_get(def, "type") == type and v and not seen[v] and v ~= skip then
      seen[v] = true
      out[#out + 1] = v
    end
  end
  table.sort(out)
  return out
end

-- Whether definition `def` carries `tag` (tabula.defs errs on a tag that
-- no definition carries, so ask for the list once).
local function tagged(def, tag)
  local ok, list = pcall(T.defs, { tag = tag })
  if not ok then return false end
  for _, d in ipairs(list) do if d == def then return true end end
  return false
end

local function defs_where(test)
  local out = {}
  for _, def in ipairs(T.defs { kind = "card" }) do
    if test(def) then out[#out + 1] = def end
  end
  return out
end

local function create_copies(def, zone, n)
  for _ = 1, n or T.def_get(def, "copies") do T.create(def, zone) end
end

-- §3.3: flip Monster randomizers (with the Dungeon Feature randomizers
-- shuffled in) until three groups are out; returns the groups and how many
-- feature randomizers came up before them.
local function flip_monsters()
  local deck = {}
  for _, g in ipairs(pools("monster", "group")) do deck[#deck + 1] = { group = g } end
  for _ = 1, P.features do deck[#deck + 1] = { feature = true } end
  deck = shuffled(deck)
  local groups, features = {}, 0
  for _, r in ipairs(deck) do
    if #groups == P.groups then break end
    if r.feature then features = features + 1 else groups[#groups + 1] = r.group end
  end
  return groups, features
end

-- §3.3, OQ-2/OQ-3/OQ-4/OQ-5: each feature randomizer draws one special
-- feature card; Pick Two draws two more. Returns the features drawn.
local function draw_features(n)
  local pile, out = shuffled(P.special), {}
  local want = n
  while want > 0 and #pile > 0 do
    local f = table.remove(pile, 1)
    want = want - 1
    if f == "pick_two" then want = want + 2 else out[#out + 1] = f end
  end
  return out
end

-- Takes `n` cards from the top (or bottom) of the Dungeon deck, shuffles
-- them with `extra` and puts them all at the bottom (§3.3).
local function bury(n, from_top, extra)
  local deck = T.zone("dungeon")
  local block = {}
  if from_top then
    for i = 1, math.min(n, #deck) do block[#block + 1] = deck[i] end
  else
    for i = math.max(1, #deck - n + 1), #deck do block[#block + 1] = deck[i] end
  end
  for _, id in ipairs(extra) do block[#block + 1] = id end
  for _, id in ipairs(shuffled(block)) do T.move(id, "dungeon", nil, "back") end
end

local function build_dungeon(groups, features)
  for _, def in ipairs(defs_where(function(d)
    return T.def_get(d, "type") == "monster" and groups[T.def_get(d, "group")] end)) do
    create_copies(def, "dungeon")
  end
  T.shuffle("dungeon")
  local guardians, setting = {}, nil
  for _, f in ipairs(features) do
    if f == "guardian" then
      local all = defs_where(function(d) return T.def_get(d, "type") == "guardian" end)
      if #all > 0 then guardians[#guardians + 1] = T.create(T.chance("guardian", all), "setting") end
      T.log { "log.feature_guardian", n = P.guardian_block }
    elseif f == "setting" then
      -- OQ-5: one Setting per game; only those whose text is known are drawn.
      local all = defs_where(function(d) return T.def_get(d, "type") == "setting" and not tagged(d, "unknown_text") end)
      if not setting and #all > 0 then
        setting = T.create(T.chance("setting", all), "setting")
        T.log { "log.feature_setting", card = setting }
      else
        T.log { "log.feature_setting_again" }
      end
    else
      local n = 0
      for _, def in ipairs(defs_where(function(d) return T.def_get(d, "feature") == f end)) do
        create_copies(def, "dungeon")
        n = n + T.def_get(def, "copies")
      end
      T.shuffle("dungeon")
      T.log { "log.feature_cards", feature = { "feature." .. f }, n = n }
    end
  end
  if #guardians > 0 then bury(P.guardian_block, false, guardians) end
  local ts = T.chance("thunderstone", P.thunderstones)
  bury(P.ts_block, true, { T.create(ts, "setting") })
  if setting and T.def(setting) == "barrowsdale" then T.set_var("no_monster_gold", true) end
end

-- §3.5: the hero stack of one type, lowest level on top (front).
local function hero_stack(stack)
  local cards = defs_where(function(d) return T.def_get(d, "type") == "hero" and T.def_get(d, "stack") == stack end)
  table.sort(cards, function(a, b)
    local la, lb = T.def_get(a, "level"), T.def_get(b, "level")
    if la ~= lb then return la < lb end
    return a < b
  end)
  for _, def in ipairs(cards) do create_copies(def, "village") end
end

local function build_village(heroes, village)
  for _, def in ipairs(defs_where(function(d) return tagged(d, "basic") end)) do
    local in_decks = (P.start[def] or 0) * T.seats()
    create_copies(def, "village", math.max(0, T.def_get(def, "copies") - in_decks))
  end
  for _, h in ipairs(heroes) do hero_stack(h) end
  for _, def in ipairs(village) do create_copies(def, "village") end
  for _, def in ipairs(defs_where(function(d) return T.def_get(d, "type") == "disease" end)) do
    create_copies(def, "diseases")
  end
end

local function choose_sets()
  if T.option("set") == "first" then
    local groups = {}
    for _, g in ipairs(P.first.monsters) do groups[g] = true end
    return groups, 0, P.first.heroes, P.first.village
  end
  local flipped, features = flip_monsters()
  local groups = {}
  for _, g in ipairs(flipped) do groups[g] = true end
  local heroes = shuffled(pools("hero", "stack", "militia"))
  local village = shuffled(defs_where(function(d)
    return T.def_get(d, "type") == "village" and not tagged(d, "basic") end))
  local h, v = {}, {}
  for i = 1, math.min(P.heroes, #heroes) do h[i] = heroes[i] end
  for i = 1, math.min(P.village, #village) do v[i] = village[i] end
  table.sort(h)
  table.sort(v)
  return groups, features, h, v
end

function M.setup(_ctx)
  local groups, features, heroes, village = choose_sets()
  build_dungeon(groups, draw_features(features))
  build_village(heroes, village)
  local defs = {}
  for def in pairs(P.start) do defs[#defs + 1] = def end
  table.sort(defs)
  for seat = 1, T.seats() do
    for _, def in ipairs(defs) do
      for _ = 1, P.start[def] do T.set_owner(T.create(def, "deck", seat), seat) end
    end
    T.shuffle("deck", seat)
    C.draw_hand(seat)
  end
  T.set_start_seat(T.chance("start_seat", T.seats()))   -- §3.8
end

return M
