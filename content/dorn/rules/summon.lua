-- L2, summoning monsters: dorn.md §4.7. The Lord summons one monster at a
-- time, or stops; what he may still summon is worked out from what he has
-- summoned this turn, so every option offered keeps the turn legal.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local levels = require "rules.levels"
local M = {}

local LORD = 1

local function is_day() return T.var("day") == true end

-- Weak monsters of Zorkal's card at Night from the level printed on the
-- ability (Witches' Sabbath, §4.7.2).
local function night_extra_weak()
  local z = board.all("lord_figure")[1]
  if not z then return 0 end
  local extra = 0
  for _, a in ipairs(T.defs { kind = "ability" }) do
    if T.def_get(a, "owner") == T.def(z) and T.get(z, "level") >= T.def_get(a, "level") then
      extra = extra + (T.def_get(a, "effect").night_weak or 0)
    end
  end
  return extra
end

-- §4.7.1-§4.7.2: whether `w` weak and `s` strong monsters fit this turn's
-- allowance. By Night the base is 2 weak or 1 strong, never both (OQ-38).
function M.fits(w, s)
  local sm = T.var("summon")
  local extra_strong = T.var("first_pickups_pending") + sm.paid
  if is_day() then return w <= T.param("summon_day_weak") and s <= extra_strong end
  local extra_weak = night_extra_weak()
  return (w <= T.param("summon_night_weak") + extra_weak and s <= extra_strong)
      or (w <= extra_weak and s <= T.param("summon_night_strong") + extra_strong)
end

-- The regions of type `m`: its own, and for a strong type those a card
-- adds (Pandemonium, §4.7.5: the extension point `strong_spawn`).
local function spawn_regions(m)
  local out, seen = {}, {}
  local extra = T.def_get(m, "weight") == "strong" and T.collect("strong_spawn", { monster = m }) or {}
  for _, list in ipairs { T.def_get(m, "spawn"), extra } do
    for _, r in ipairs(list) do
      if not seen[r] then
        seen[r] = true
        out[#out + 1] = r
      end
    end
  end
  return out
end

-- The fields a monster of type `m` may be summoned on (§4.7.4, §4.7.5).
local function spawn_fields(m)
  local out = {}
  for _, region in ipairs(spawn_regions(m)) do
    for _, f in ipairs(board.free_fields(region)) do
      if not (T.def_get(m, "summon_away_from_heroes") and board.next_to_hero(f)) then out[#out + 1] = f end
    end
  end
  return out
end

local function token_in(zone, m)
  for _, id in ipairs(T.zone(zone)) do
    if T.def(id) == m then return id end
  end
end

-- The weak types the Lord may summon now: the cap of 8 a type, a token in
-- the supply, a free field. Without a token in the supply he may take one
-- from a hero's XP, giving him another of equal worth (§4.7.4, TV-65): one
-- option `<type>@<hero>` for each hero who holds one.
local function weak_options(sm)
  local out = {}
  if not M.fits(sm.weak + 1, sm.strong) then return out end
  for _, m in ipairs(T.defs { kind = "monster" }) do
    if T.def_get(m, "weight") == "weak" and board.count_of(m) < T.param("weak_type_cap") and #spawn_fields(m) > 0 then
      local token = token_in("supply", m)
      if token then
        out[#out + 1] = { id = m, entity = token }
      else
        for _, x in ipairs(levels.exchangeable(m)) do
          out[#out + 1] = { id = m .. "@" .. x.hero, label = { "levels.exchange", token = x.token, hero = x.hero } }
        end
      end
    end
  end
  return out
end

-- A strong monster is drawn before its field is chosen, so the option
-- needs a free field for every type the bag holds.
local function strong_possible(sm)
  if not M.fits(sm.weak, sm.strong + 1) then return false end
  local bag = T.zone("bag")
  if #bag == 0 then return false end
  for _, id in ipairs(bag) do
    if #spawn_fields(T.def(id)) == 0 then return false end
  end
  return true
end

-- Pandemonium (§4.7.5): the Lord picks the type; one option per type in
-- the bag that has a free field.
local function strong_choices(sm, options)
  if not M.fits(sm.weak, sm.strong + 1) then return end
  for _, m in ipairs(T.defs { kind = "monster" }) do
    local token = T.def_get(m, "weight") == "strong" and token_in("bag", m)
    if token and #spawn_fields(m) > 0 then
      options[#options + 1] = { id = "strong:" .. m, entity = token, label = { "pandemonium.type", token = token } }
    end
  end
end

-- §4.7.2: 4 Blood Drops buy one more strong monster once all the Rituals
-- of the hand are played.
local function may_buy(sm)
  return T.var("rituals_played") >= T.param("ritual_hand")
      and T.counter(LORD, "blood") >= T.param("extra_strong_blood")
      and sm.paid < T.param("extra_strong_per_turn")
end

function M.done() return T.var("summon").done end

function M.offer()
  local sm = T.var("summon")
  local options = weak_options(sm)
  if #T.collect("choose_strong") > 0 then
    strong_choices(sm, options)
  elseif strong_possible(sm) then
    options[#options + 1] = { id = "strong", label = "summon.strong" }
  end
  if may_buy(sm) then options[#options + 1] = { id = "buy_strong", label = "summon.buy_strong" } end
  if #options == 0 then
    sm.done = true
    return
  end
  options[#options + 1] = { id = "done", label = "summon.done" }
  T.decide { seat = LORD, prompt = "summon.prompt", options = options, on_choice = M.chosen }
end

local function ask_field(token, fields)
  T.decide { seat = LORD, prompt = { "summon.where", token = token },
             options = names.options(fields, "pick.figure_to", { figure = token }),
             on_choice = M.placed, args = { id = token } }
end

function M.chosen(ctx)
  local sm = T.var("summon")
  if ctx.choice == "done" then
    sm.done = true
  elseif ctx.choice == "buy_strong" then
    T.add_counter(LORD, "blood", -T.param("extra_strong_blood"))
    sm.paid = sm.paid + 1
  elseif ctx.choice == "strong" then
    local token = T.chance("strong_monster", T.zone("bag"))
    T.move(token, "staging")
    ask_field(token, spawn_fields(T.def(token)))
  elseif ctx.choice:match("^strong:") then
    local token = token_in("bag", ctx.choice:sub(8))
    T.move(token, "staging")
    ask_field(token, spawn_fields(T.def(token)))
  else
    local m, hero = ctx.choice:match("^([^@]+)@(%d+)$")
    if m then levels.exchange(m, math.tointeger(tonumber(hero))) else m = ctx.choice end
    ask_field(token_in("supply", m), spawn_fields(m))
  end
end

function M.placed(ctx)
  local id, sm = ctx.args.id, T.var("summon")
  T.move(id, ctx.choice)
  T.set(id, "max_life", T.def_get(T.def(id), "lives"))
  T.set(id, "steps", 0)
  T.set(id, "summoned_on", T.var("lord_turn"))
  if T.def_get(T.def(id), "weight") == "strong" then sm.strong = sm.strong + 1 else sm.weak = sm.weak + 1 end
  T.log { "log.summoned", monster = id, field = names.of(ctx.choice) }
end

return M
