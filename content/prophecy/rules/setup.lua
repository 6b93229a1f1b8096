-- Setup (PB §1, WR §4.1): the decks, the guilds' first offers, the spheres,
-- the first adventures, the markets, then the characters (a draft, D-16,
-- or a random deal).
local T = tabula
local board = require "rules.board"
local deck = require "rules.deck"
local chance = require "std.chance"
local M = {}

local function players() return T.seats() end

-- Every definition of a kind in the quantity its cards say.
local function create_all(kind, zone_of, count_of)
  for _, def in ipairs(T.defs { kind = kind }) do
    local zone = zone_of(def)
    if zone then
      for _ = 1, count_of(def) do T.create(def, zone) end
    end
  end
end

-- The channel `chance_copies` {def, players} lets a rule take cards out
-- (WR §3.5.6: Interesting Times at 4-5 players).
local function chance_copies(def)
  local n = T.def_get(def, "copies")
  if players() >= 4 then n = n + T.def_get(def, "extra") end
  return T.modify("chance_copies", n, { def = def, players = players() })
end

-- D-16's setup flag: the option `selection`, else the param.
local function selection() return T.option("selection") or T.param("selection") end

local function build_decks()
  create_all("chance", function() return "chance_deck" end, chance_copies)
  create_all("adventure", function() return "adventure_deck" end, function(d) return T.def_get(d, "copies") end)
  create_all("item", function(d)
    local k = T.def_get(d, "deck")
    if k == "common" or k == "rare" then return k .. "_deck" end
    return nil
  end, function(d) return T.def_get(d, "copies") end)
  create_all("ability", function(d)
    local g = T.def_get(d, "guild")
    for _, known in ipairs(board.GUILDS) do
      if known == g then return "deck_" .. g end
    end
    return nil
  end, function(d) return T.def_get(d, "copies") end)
  for _, z in ipairs { "chance_deck", "adventure_deck", "common_deck", "rare_deck" } do
    for _, id in ipairs(T.zone(z)) do T.turn(id, false) end
    T.shuffle(z)
  end
  for _, g in ipairs(board.GUILDS) do
    local z = "deck_" .. g
    for _, id in ipairs(T.zone(z)) do T.turn(id, false) end
    T.shuffle(z)
  end
end

-- PB §1, §9.1: each sphere gets a lesser guardian on top of a greater
-- guardian and an artifact, all face down. An expansion adds cards to the
-- lesser guardians through the extension point `lesser_guardian_extras`
-- (a list of definition ids: the Gate of the Water Realm, WR §3.3.5): then
-- only as many lesser guardians are counted off as leave room for them,
-- and the rest go back in the box unseen. The extension point
-- `deal_artifacts` {pool} may deal the artifacts itself (a list with one
-- list of artifact ids per sphere; WR §3.2.2); by default the param
-- `artifacts` is dealt one per sphere at random.
local function fill_spheres()
  local spheres = board.SPHERES
  local lesser, greater = {}, {}
  for _, def in ipairs(T.defs { kind = "guardian" }) do
    local rank = T.def_get(def, "rank")
    if rank == "lesser" then lesser[#lesser + 1] = def elseif rank == "greater" then greater[#greater + 1] = def end
  end
  local extras = T.collect("lesser_guardian_extras", {})
  local tops, rest = chance.draw("lesser_guardian", lesser, #spheres - #extras)
  for _, def in ipairs(rest) do T.turn(T.create(def, "box"), false) end
  for _, def in ipairs(extras) do tops[#tops + 1] = def end
  tops = chance.draw("lesser_guardian", tops, #tops)
  local middles, spare = chance.draw("greater_guardian", greater, #spheres * T.param("greater_per_sphere"))
  for _, def in ipairs(spare) do T.turn(T.create(def, "box"), false) end
  local pool = T.param("artifacts")
  local dealt = T.collect("deal_artifacts", { pool = pool })
  if #dealt == 0 then
    local order = chance.draw("artifact", pool, #pool)
    for i = 1, #spheres do dealt[i] = { order[i] } end
    for i = #spheres + 1, #order do T.turn(T.create(order[i], "box"), false) end
  end
  for i, sp in ipairs(spheres) do
    if tops[i] then T.turn(T.create(tops[i], sp), false) end
    if middles[i] then T.turn(T.create(middles[i], sp), false) end
    for _, a in ipairs(dealt[i] or {}) do T.turn(T.create(a, sp), false) end
  end
end

-- PB §1: the first Forest, Mountains or Plains card of the chance deck
-- puts a face-up adventure on every space of its terrain; it is
-- discarded and the rest shuffled (cards of other kinds met on the way,
-- an expansion's too, go back with them: D-24).
local function first_adventures()
  for _, card in ipairs(T.zone("chance_deck")) do
    local terrain = T.get(card, "terrain")
    if terrain ~= "" then
      for _, space in ipairs(board.all_tagged("terrain:" .. terrain)) do
        local a = deck.draw("adventure_deck", "adventure_discard")
        if a then
          T.move(a, space)
          T.turn(a, true)
        end
      end
      T.move(card, "chance_discard")
      T.turn(card, true)
      T.log({ "log.first_adventures", card = card })
      break
    end
  end
  T.shuffle("chance_deck")
end

function M.components()
  T.set_var("phase", "setup")
  T.set_var("hero", {})
  build_decks()
  for _, g in ipairs(board.GUILDS) do
    local top = deck.draw("deck_" .. g)
    if top then
      T.move(top, "offer_" .. g)
      T.turn(top, true)
    end
  end
  fill_spheres()
  first_adventures()
  local market = require "rules.market"
  market.restock("town")
  market.restock("village")
  -- The character cards, face down, in the box until dealt.
  local cards = {}
  for _, def in ipairs(T.defs { kind = "character" }) do cards[#cards + 1] = def end
  local per = selection() == "deal" and 1 or 2
  local dealt = chance.draw("character", cards, players() * per)
  for i, def in ipairs(dealt) do
    local seat = (i - 1) // per + 1
    T.create(def, "draft", seat)
  end
  T.set_var("draft_stage", selection() == "deal" and 3 or 0)
end

-- The draft, D-16: keep one of two, pass the other to the next seat, then
-- keep one of the two held. Both choices are secret and simultaneous.
function M.chosen() return T.var("draft_stage") >= 3 end

local function ask(stage)
  for seat = 1, players() do
    local options = {}
    for _, c in ipairs(T.zone("draft", seat)) do options[#options + 1] = { id = c, entity = c } end
    T.decide { seat = seat, secret = true, prompt = stage == 1 and "setup.keep" or "setup.choose",
               options = options, on_choice = M.chose, args = { seat = seat } }
  end
end

function M.chose(ctx) T.set_secret(ctx.args.seat, "kept", ctx.choice) end

function M.choose()
  local stage = T.var("draft_stage")
  if stage == 0 then
    ask(1)
  elseif stage == 1 then
    -- Pass the card not kept to the next seat.
    local passing = {}
    for seat = 1, players() do
      for _, c in ipairs(T.zone("draft", seat)) do
        if c ~= T.secret(seat, "kept") then passing[seat] = c end
      end
      T.set_secret(seat, "kept", nil)
    end
    for seat = 1, players() do
      if passing[seat] then
        T.move(passing[seat], "draft", seat % players() + 1)
        T.set_owner(passing[seat], seat % players() + 1)
        T.reveal(passing[seat], seat)  -- the passer knows which card it passed
      end
    end
    ask(2)
  elseif stage == 2 then
    for seat = 1, players() do
      for _, c in ipairs(T.zone("draft", seat)) do
        if c ~= T.secret(seat, "kept") then T.move(c, "box") end
      end
      T.set_secret(seat, "kept", nil)
    end
  end
  T.set_var("draft_stage", stage + 1)
end

-- PB §1: 3 gold, 3 experience, cubes to the printed values; the figure on
-- its first guild's space.
function M.place_characters()
  local resources = require "rules.resources"
  local hero = T.var("hero")
  for seat = 1, players() do
    local c = T.zone("draft", seat)[1]
    T.set_owner(c, seat)
    T.turn(c, true)
    resources.fresh(c)
    T.move(c, T.get(c, "guilds")[1])
    hero[seat] = c
    T.set_counter(seat, "gold", T.param("start_gold"))
    T.set_counter(seat, "exp", T.param("start_exp"))
    T.log({ "log.character", seat = seat, c = c, space = { "space." .. T.get(c, "guilds")[1] } })
  end
  for _, c in ipairs(T.zone("box")) do T.turn(c, false) end
  T.set_var("phase", "play")
  T.emit("setup_done", {})
end

return M
