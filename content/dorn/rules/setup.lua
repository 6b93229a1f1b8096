-- Setup, dorn.md §3 (S1-S13).
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local abilities = require "rules.abilities"
local chance = require "std.chance"
local M = {}

local LORD = 1

-- The chosen heroes, in the order of §4.3 (OQ-11). S2: the first-game five,
-- or (variant 15.a) `heroes_in_game` drawn at random.
local function chosen_heroes()
  local order = T.param("hero_order")
  local pool = {}
  for _, h in ipairs(order) do
    if T.option("random_heroes") or T.def_get(h, "first_game") then pool[#pool + 1] = h end
  end
  -- Fewer heroes than the first-game five (15.f): the first of them in
  -- that order.
  if not T.option("random_heroes") then return { table.unpack(pool, 1, T.param("heroes_in_game")) } end
  local picked, out = {}, {}
  for _, h in ipairs(chance.draw("hero", pool, T.param("heroes_in_game"))) do picked[h] = true end
  for _, h in ipairs(order) do
    if picked[h] then out[#out + 1] = h end
  end
  return out
end

local function create_shuffled(kind, zone, copies_prop)
  for _, d in ipairs(T.defs { kind = kind }) do
    for _ = 1, copies_prop and T.def_get(d, copies_prop) or 1 do T.create(d, zone) end
  end
  T.shuffle(zone)
end

-- S3-S4: the heroes in Argos at level 1 with their level-1 lives, dealt
-- round-robin to the hero seats.
local function place_heroes()
  local seats = T.group("heroes")
  for i, h in ipairs(chosen_heroes()) do
    local seat = seats[(i - 1) % #seats + 1]
    local id = T.create(h, "argos")
    T.set_owner(id, seat)
    T.set(id, "level", T.param("hero_start_level"))
    T.set(id, "max_life", T.def_get(h, "lives")[T.param("hero_start_level")] + T.param("hero_extra_lives"))
    abilities.give(id)
  end
end

-- S5: each hero's Blessing, face down in his player's hand. The Blessings
-- are created after every other card so that their modifiers run last:
-- a Blessing overrides a Ritual, which overrides a spell or an item
-- (§4.16; a channel's modifiers run in entity creation order).
local function deal_blessings()
  create_shuffled("blessing", "blessing_deck")
  for _, id in ipairs(board.all("hero")) do
    local seat = T.owner(id)
    for _ = 1, T.param("blessings_per_hero") do
      local b = T.zone("blessing_deck")[1]
      T.move(b, "blessings", seat)
      T.set_owner(b, seat)
      T.turn(b, false)
      -- On the card, which only its player sees: a public table of ids
      -- would tell the Lord which card each hero holds.
      T.set(b, "hero", T.def(id))
    end
  end
end

-- S7-S9: Zorkal on his throne; weak tokens in the supply, strong ones in
-- the bag; the starting monsters (one strong drawn at random) wait in
-- staging for the Lord to place them.
local function place_lord()
  local throne = T.nodes("board", "throne")[1]
  local z = T.create("zorkal", throne, LORD)
  T.set(z, "level", T.param("zorkal_start_level"))
  T.set(z, "max_life", T.def_get("zorkal", "lives")[T.param("zorkal_start_level")])
  abilities.give(z)
  for _, m in ipairs(T.defs { kind = "monster" }) do
    local zone = T.def_get(m, "weight") == "strong" and "bag" or "supply"
    for _ = 1, T.def_get(m, "tokens") do T.create(m, zone) end
  end
  for _, m in ipairs(T.defs { kind = "monster" }) do
    for _ = 1, (T.param("starting_weak")[m] or 0) do
      for _, id in ipairs(T.zone("supply")) do
        if T.def(id) == m then T.move(id, "staging") break end
      end
    end
  end
  for _ = 1, T.param("starting_strong") do T.move(T.chance("strong_monster", T.zone("bag")), "staging") end
end

function M.components()
  place_heroes()
  -- S6: a Treasure token on every treasure field; the deck shuffled. The
  -- Artifacts wait in staging for the hero players to place them.
  T.set_var("treasure_fields", T.nodes("board", "treasure_spot"))
  create_shuffled("treasure", "treasure_deck", "copies")
  for _, a in ipairs(T.defs { kind = "artifact" }) do T.create(a, "staging") end
  place_lord()
  -- S10: six Rituals at random to the Lord, secret; the rest stay out.
  create_shuffled("ritual", "ritual_deck")
  for _ = 1, T.param("ritual_hand") do
    local r = T.zone("ritual_deck")[1]
    T.move(r, "rituals", LORD)
    T.set_owner(r, LORD)
  end
  deal_blessings()
  T.set_counter(LORD, "blood", 0)
  -- S11, S13 and the state of §2.6.
  T.set_var("lord_turn", 0)
  T.set_var("day", true)
  T.set_var("gate", "closed")
  T.set_var("ritual_streak", 0)
  T.set_var("rituals_played", 0)
  T.set_var("first_pickups_pending", 0)
  T.set_var("side", "setup")
  T.set_var("effects", {})
end

local function staged(kind)
  local out = {}
  for _, id in ipairs(T.zone("staging")) do
    if T.kind(id) == kind then out[#out + 1] = id end
  end
  return out
end

-- Puts `id` on `field`, or asks `seat` where when there is a choice.
local function place(seat, id, fields, prompt, on_choice)
  if #fields == 1 then
    T.move(id, fields[1])
    return
  end
  T.decide { seat = seat, prompt = { prompt, token = id },
             options = names.options(fields, "pick.figure_to", { figure = id }),
             on_choice = on_choice, args = { id = id } }
end

local function free_of(kind, tag)
  local out = {}
  for _, f in ipairs(T.nodes("board", tag)) do
    local taken = false
    for _, o in ipairs(T.zone(f)) do
      if T.kind(o) == kind or board.is_figure(o) then taken = true end
    end
    if not taken then out[#out + 1] = f end
  end
  return out
end

-- S6: the hero players (the first hero seat speaks for them) put each
-- Artifact on a free rune field.
function M.artifacts_placed() return #staged("artifact") == 0 end

-- Variant 15.b (`artifacts_at_random`): every Artifact goes face down on
-- a free rune field drawn at random; then they are turned face up and the
-- `missing_artifact` leaves the game, so its field stays empty.
function M.place_artifact()
  local a = staged("artifact")[1]
  local fields = free_of("artifact", "artifact_spot")
  if not T.param("artifacts_at_random") then
    place(T.group("heroes")[1], a, fields, "setup.artifact", M.put)
    return
  end
  for _, id in ipairs(staged("artifact")) do
    T.turn(id, false)
    T.move(id, chance.take("artifact_field", fields))
  end
  for _, f in ipairs(T.nodes("board", "artifact_spot")) do
    for _, id in ipairs(T.zone(f)) do
      if T.kind(id) == "artifact" then
        T.turn(id, true)
        if T.def(id) == T.param("missing_artifact") then T.move(id, "spent") end
      end
    end
  end
end

-- S9: the Lord puts each starting monster on a free black field.
function M.start_monsters_placed() return #staged("monster") == 0 end

function M.place_start_monster()
  local m = staged("monster")[1]
  T.set(m, "max_life", T.def_get(T.def(m), "lives"))
  place(LORD, m, free_of("monster", "start_spot"), "setup.start_monster", M.put)
end

function M.put(ctx) T.move(ctx.args.id, ctx.choice) end

return M
