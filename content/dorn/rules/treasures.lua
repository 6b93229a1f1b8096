-- Treasures and items, dorn.md §4.5 and §6.9; handing over items and
-- Artifacts (§4.5.4, §4.6.1).
--
-- A hero who enters a field that still holds a Treasure token (var
-- `treasure_fields`) may draw the top card of `treasure_deck` (OQ-14: passing
-- through is enough, declining keeps the token). By its `type`:
--   item     kept face up in `items`, `held_by` = the hero
--   monster  a token of `monster` from the supply appears next to him
--   trap     its script's `spring` acts on him (Rubble)
--   nothing  spent
-- An item is used in H2 only, at most one a hero a turn: its script answers
-- `h2_actions` with `M.offer` and runs its effect between `M.begin` and
-- `M.finish`.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local movement = require "rules.movement"
local effects = require "rules.effects"
local wounds = require "rules.wounds"
local reach = require "rules.reach"
local artifacts = require "rules.artifacts"
local M = {}

local LORD = 1

-- The things (entities of `zone`) a hero holds, in zone order.
function M.held(zone, hero)
  local out = {}
  for _, id in ipairs(T.zone(zone)) do
    if T.get(id, "held_by") == hero then out[#out + 1] = id end
  end
  return out
end

local function on_board(id) return T.kind(id) == "hero" and board.field(id) ~= nil and T.where(id) ~= "fallen" end

local function has_token(field)
  for _, f in ipairs(T.var("treasure_fields") or {}) do
    if f == field then return true end
  end
  return false
end

local function take_token(field)
  local keep = {}
  for _, f in ipairs(T.var("treasure_fields") or {}) do
    if f ~= field then keep[#keep + 1] = f end
  end
  T.set_var("treasure_fields", keep)
end

-- §4.5.1 ------------------------------------------------------------------

local function offer_treasure(hero, field)
  if not on_board(hero) or board.field(hero) ~= field or not has_token(field) then return end
  if T.count("treasure_deck") == 0 then return end
  for _, o in ipairs(board.figures(field)) do
    if T.kind(o) ~= "hero" then return end            -- a monster on it blocks the Treasure
  end
  T.decide { seat = T.owner(hero), prompt = { "treasure.prompt", hero = hero },
             options = { { id = "draw", label = "treasure.draw" }, { id = "leave", label = "treasure.leave" } },
             on_choice = M.drawn, args = { hero = hero, field = field } }
end

-- The fields next to `hero` where a monster may appear: physically
-- adjacent, free, never the Path, Argos or the closed Gate (§4.4.4, OQ-25).
local function fields_next_to(hero)
  local here, out = board.field(hero), {}
  for _, f in ipairs(T.adjacent(here)) do
    if reach.adjacent(here, f) and #board.figures(f) == 0 and not board.tagged(f, "path")
        and not board.tagged(f, "multi_hero") and not (f == "gate" and not board.gate_open()) then
      out[#out + 1] = f
    end
  end
  return out
end

local function place(token, field)
  T.move(token, field)
  T.set(token, "max_life", T.def_get(T.def(token), "lives"))
  T.set(token, "steps", 0)
  T.set(token, "summoned_on", T.var("lord_turn"))
  T.log { "log.summoned", monster = token, field = names.of(field) }
end

-- §4.5.2, OQ-25: the card's monster, from the supply, within the type cap,
-- on a free field next to the hero of the Lord's choice; it acts from the
-- next Lord turn. Without a token or a field nothing appears.
local function appear(card, hero)
  local m = T.get(card, "monster")
  T.move(card, "spent")
  local token
  for _, id in ipairs(T.zone("supply")) do
    if T.def(id) == m then token = id break end
  end
  local fields = fields_next_to(hero)
  if not token or #fields == 0
      or (T.def_get(m, "weight") == "weak" and board.count_of(m) >= T.param("weak_type_cap")) then
    T.log { "treasure.no_monster", card = card, hero = hero }
    return
  end
  T.move(token, "staging")
  if #fields == 1 then
    place(token, fields[1])
    return
  end
  T.decide { seat = LORD, prompt = { "treasure.monster_where", token = token, hero = hero },
             options = names.options(fields, "pick.figure_to", { figure = token }),
             on_choice = M.placed, args = { id = token } }
end

function M.placed(ctx) place(ctx.args.id, ctx.choice) end

function M.drawn(ctx)
  if ctx.choice ~= "draw" then return end
  local hero, field = ctx.args.hero, ctx.args.field
  take_token(field)
  local card = T.zone("treasure_deck")[1]
  T.turn(card, true)
  T.log { "treasure.drawn", hero = hero, card = card }
  local kind = T.get(card, "type")
  if kind == "item" then
    T.move(card, "items")
    T.set(card, "held_by", hero)
  elseif kind == "monster" then
    appear(card, hero)
  elseif kind == "trap" and T.handles(card, "spring") then
    T.move(card, "spent")
    T.call(card, "spring", { hero = hero })
  else
    T.move(card, "spent")
  end
end

-- Items (§4.5.3) ------------------------------------------------------------

local function used(hero)
  for _, h in ipairs(T.var("items_used") or {}) do
    if h == hero then return true end
  end
  return false
end

-- For an item's `extend.h2_actions`: the option to use it now (its holder
-- is a hero of the asking seat on the board, has used no item this turn and
-- may use items), or nil. `on_choice` is the item script's function.
-- (`held_by` counts only in `items`, `carried` and `trophies`: 0 is also
-- the id of the first entity created, a hero.)
function M.offer(ctx, on_choice)
  local item = ctx.self
  if T.where(item) ~= "items" then return nil end
  local hero = T.get(item, "held_by")
  if not on_board(hero) or T.owner(hero) ~= ctx.args.seat or used(hero) then return nil end
  if not movement.may_act(hero, "item") then return nil end
  return { { id = "item:" .. item, label = { "item.use", item = item, hero = hero }, on_choice = on_choice } }
end

-- In the item's on_choice: the item and its holder; the hero has now used
-- his item of the turn.
function M.begin(ctx)
  local item = math.tointeger(tonumber(ctx.choice:match("^item:(%d+)$")))
  local hero = T.get(item, "held_by")
  local list = T.var("items_used")
  if list then list[#list + 1] = hero else T.set_var("items_used", { hero }) end
  T.log { "item.used", hero = hero, item = item }
  return item, hero
end

-- After the item's effect: it leaves the hero's hand (spent, or in effect
-- for its `lasts`, with `data`), then he pays its `life_cost` in lives, a
-- Blood Drop each to the Lord (components §8: the "(1 drop)" mark).
function M.finish(item, hero, data)
  T.set(item, "held_by", 0)
  effects.start(item, T.get(item, "lasts"), data or { hero = hero })
  local cost = T.get(item, "life_cost")
  if cost > 0 then wounds.deal(hero, cost, { by = hero, how = "item", card = item, cost = true }) end
end

-- For a lasting item's modifiers: the hero it acts for while in effect.
function M.acting_for(item)
  local data = effects.data(item)
  return data and data.hero or nil
end

-- Helpers for item scripts with no target to choose (Light Feet, Agility,
-- Medusa Mask): the card's whole effect is its lasting record.

-- Uses the item at once: its effect starts for its `lasts`.
function M.use_at_once(ctx)
  local item, hero = M.begin(ctx)
  M.finish(item, hero)
end

-- Makes `card` (an item script's table) an item offered in H2 and used at
-- once; returns it.
function M.used_at_once(card)
  card.use = M.use_at_once
  card.extend = { h2_actions = function(ctx) return M.offer(ctx, M.use_at_once) end }
  return card
end

-- A modifier that adds the card's property `key` to a channel's amount for
-- the hero the used item acts for.
function M.adds(key)
  return function(ctx)
    if M.acting_for(ctx.self) ~= ctx.args.figure then return ctx.args.amount end
    return ctx.args.amount + T.get(ctx.self, key)
  end
end

-- Handing over (§4.5.4, §4.6.1) ---------------------------------------------

-- The heroes `hero` may hand things to: on a physically adjacent field, or
-- on the same field (Argos, OQ-21).
function M.partners(hero)
  local here, out = board.field(hero), {}
  for _, o in ipairs(board.all("hero")) do
    local f = board.field(o)
    if o ~= hero and (f == here or reach.adjacent(here, f)) then out[#out + 1] = o end
  end
  return out
end

local function give_options(hero, zone, out)
  local partners
  for _, thing in ipairs(M.held(zone, hero)) do
    partners = partners or M.partners(hero)
    for _, to in ipairs(partners) do
      out[#out + 1] = { id = "give:" .. thing .. ">" .. to, label = { "item.give", thing = thing, from = hero, to = to },
                        on_choice = M.given }
    end
  end
end

M.extend = {
  h2_actions = function(ctx)
    local out = {}
    for _, hero in ipairs(board.all("hero")) do
      if T.owner(hero) == ctx.args.seat then
        give_options(hero, "items", out)
        give_options(hero, "carried", out)
      end
    end
    return out
  end,
}

-- A hand-over to another player's hero lets that player act again in H2
-- (he may use the item this turn, TV-45): the round counts as one in which
-- something happened.
function M.given(ctx)
  local thing, to = ctx.choice:match("^give:(%d+)>(%d+)$")
  thing, to = math.tointeger(tonumber(thing)), math.tointeger(tonumber(to))
  local from = T.get(thing, "held_by")
  T.set(thing, "held_by", to)
  T.log { "item.given", thing = thing, from = from, to = to }
  if T.owner(to) ~= T.owner(from) and T.var("hero_round") then T.var("hero_round").moved = true end
  if T.kind(thing) == "artifact" then artifacts.check_gate() end
end

M.on = {
  entered = function(ctx)
    if T.kind(ctx.args.figure) == "hero" then offer_treasure(ctx.args.figure, ctx.args.field) end
  end,
  turn_started = function(ctx)
    if ctx.args.side == "heroes" then T.set_var("items_used", {}) end
  end,
}

return M
