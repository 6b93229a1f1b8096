-- A player's turn (§4): Village, Dungeon or Rest, then the end of turn.
-- The Village: effects (V2), gold (V3), buying (V4), levelling up (V5).
-- The Dungeon's steps are in rules/battle.lua and rules/after_battle.lua.
--
-- Effects are offered, not called: every card in play (and every treasure
-- set aside) answers the extension point `effects` with what it could do
-- now, and the player picks one at a time until he is done. Each effect is
-- used at most once a turn unless it is marked `again` (Repeat, §2.4).
local T = tabula
local C = require "rules.cards"
local hall = require "rules.hall"
local opts = require "std.options"
local M = {}

local MILITIA_XP = T.param("militia_levelup")

local function fresh_turn(seat, action)
  return {
    seat = seat, action = action, phase = "", used = {}, done = false,
    gold = 0, spent = 0, buys = 1, bought = 0, buying_done = false,
    levelling_done = false,
    strength = {}, bonus = {}, carry = {}, carried = {}, equipping_done = false,
    target = false, rank = 0, cannot = {}, marked = {}, breaches = {}, claim = false, won = false, lost = false,
    reduce = 0, reductions = 0, to_magic = 0, draw_bonus = 0, keep = {}, shield = {}, deep_light = {},
  }
end

-- §4.1: exactly one of Village, Dungeon, Rest. The Dungeon needs a monster
-- to fight (OQ-17).
function M.choose(ctx)
  local seat = ctx.seat
  T.set_var("turn", fresh_turn(seat, ""))
  local options = { { id = "village", label = "action.village" } }
  if #hall.monsters() > 0 then options[#options + 1] = { id = "dungeon", label = "action.dungeon" } end
  options[#options + 1] = { id = "rest", label = "action.rest" }
  T.decide { seat = seat, prompt = "action.prompt", options = options, on_choice = "chosen", args = { seat = seat } }
end

-- V1/D1: the whole hand is revealed and in play.
function M.chosen(ctx)
  local seat, action = ctx.args.seat, ctx.choice
  C.turn().action = action
  T.log { "log.action." .. action, seat = seat }
  if action ~= "rest" then
    for _, c in ipairs(T.zone("hand", seat)) do T.move(c, "play", seat) end
  end
end

function M.not_chosen(ctx) return C.turn().action ~= ctx.args.action end

function M.never() return false end

function M.not_won() return not C.turn().won end

-- --- effects -------------------------------------------------------------

function M.begin_phase(ctx)
  local turn = C.turn()
  turn.phase = ctx.args.phase
  turn.done = false
end

-- Asked before `begin_phase` runs: a loop of another phase is not done.
function M.effects_done(ctx)
  local turn = C.turn()
  return turn.phase == ctx.args.phase and turn.done
end

local function used_key(e) return C.key(e.card) .. ":" .. e.fn end

-- What the seat may do now: the effects its cards offer, less those used.
-- Each gets an id that reads well and stays put while others are used:
-- the card's definition, numbered from its second copy, and the function
-- ("iron_rations-2:feed").
function M.available(seat)
  local turn = C.turn()
  local out = {}
  local all = T.collect("effects", { seat = seat, phase = turn.phase })
  -- §5.8.3: the defeated monster's own Spoils (it lies in the discard pile now)
  if turn.phase == "spoils" and T.handles(turn.target, "spoils") then
    all[#all + 1] = { card = turn.target, fn = "spoils", label = "fx.spoils" }
  end
  local copy, seen = {}, {}
  for _, e in ipairs(all) do
    local def = T.def(e.card)
    if not copy[e.card] then
      seen[def] = (seen[def] or 0) + 1
      copy[e.card] = seen[def]
    end
    e.id = def .. (copy[e.card] > 1 and ("-" .. copy[e.card]) or "") .. ":" .. e.fn
    if e.again or not turn.used[used_key(e)] then out[#out + 1] = e end
  end
  -- Two Iron Rations whose effect is open: using either is the same.
  return C.first_of_each(out, function(e) return C.signature(e.card) .. ":" .. e.fn end)
end

-- The effects as options of the loop.
local function effect_options(seat)
  local out = {}
  for _, e in ipairs(M.available(seat)) do
    out[#out + 1] = { id = e.id, entity = e.card, label = { "effect.option", card = e.card, what = e.label }, effect = e,
      must = e.must }
  end
  return out
end

function M.offer_effect(_ctx)
  local seat = C.turn().seat
  C.offer_more(seat, "done", { "effect.prompt." .. C.turn().phase }, "effect.done", effect_options(seat), M.effect_chosen)
end

function M.effect_chosen(ctx)
  local o = C.chosen(ctx, effect_options(ctx.args.seat))
  if not o then return end
  local turn, e = C.turn(), o.effect
  turn.used[used_key(e)] = true
  T.log { "log.effect", seat = ctx.args.seat, card = e.card, what = e.label }
  T.call(e.card, e.fn, { seat = ctx.args.seat, phase = turn.phase })
end

-- --- the Village -------------------------------------------------------------

-- V3: the gold of every card still in play, plus what effects gave.
function M.produce_gold(_ctx)
  local turn = C.turn()
  turn.gold = turn.gold + C.revealed_gold(turn.seat)
  T.log { "log.gold", seat = turn.seat, n = turn.gold }
end

function M.buying_done() return C.turn().buying_done end

local function buy_options(turn)
  local options, left = {}, turn.gold - turn.spent
  if turn.bought >= turn.buys then return options end
  for _, c in ipairs(C.stack_tops()) do
    if T.get(c, "cost") <= left then
      options[#options + 1] = { id = T.def(c), entity = c, label = { "buy.option", card = c, cost = T.get(c, "cost") } }
    end
  end
  return options
end

-- V4: one buy (more with Guide), the total cost within the gold.
function M.offer_buy(_ctx)
  local turn = C.turn()
  C.offer_more(turn.seat, "buying_done", { "buy.prompt", gold = turn.gold - turn.spent }, "buy.done",
    buy_options(turn), M.bought)
end

function M.bought(ctx)
  local o = C.chosen(ctx, buy_options(C.turn()))
  if not o then return end
  local turn, seat, c = C.turn(), ctx.args.seat, o.entity
  turn.spent = turn.spent + T.get(c, "cost")
  turn.bought = turn.bought + 1
  C.gain(c, seat)
  T.log { "log.bought", seat = seat, card = c }
end

-- --- levelling up (V5, §4.6) -----------------------------------------------

-- The next-level card of a hero's type in the Village, or for a Militia
-- every level-1 hero on top of its stack.
local function level_targets(hero)
  local out, stack, level = {}, T.get(hero, "stack"), T.get(hero, "level")
  if T.has_tag(hero, "militia") then
    for _, c in ipairs(C.stack_tops()) do
      if C.is_hero(c) and T.get(c, "level") == 1 then out[#out + 1] = c end
    end
    return out
  end
  for _, c in ipairs(T.zone("village")) do
    if T.get(c, "stack") == stack and T.get(c, "level") == level + 1 then return { c } end
  end
  return out
end

local function level_cost(hero)
  if T.has_tag(hero, "militia") then return MILITIA_XP end
  return T.get(hero, "levelup")
end

function M.levelling_done() return C.turn().levelling_done end

function M.level_options(seat)
  local xp = T.counter(seat, "xp")
  local options = {}
  local names = C.names(seat)
  local alike = {}   -- two Militia alike: levelling either is the same
  for _, h in ipairs(C.heroes(seat)) do
    local cost = level_cost(h)
    local sig = C.signature(h)
    if cost and cost <= xp and not alike[sig] then
      alike[sig] = true
      for _, target in ipairs(level_targets(h)) do
        options[#options + 1] = {
          id = names[h] .. ">" .. T.def(target), entity = target,
          label = { "level.option", hero = h, card = target, xp = cost },
          hero = h, target = target, cost = cost,
        }
      end
    end
  end
  return options
end

function M.offer_level(_ctx)
  local seat = C.turn().seat
  C.offer_more(seat, "levelling_done", { "level.prompt", xp = T.counter(seat, "xp") }, "level.done",
    M.level_options(seat), M.levelled)
end

-- Pays the XP, destroys the hero, and puts the new card on the discard pile.
function M.levelled(ctx)
  local o = C.chosen(ctx, M.level_options(ctx.args.seat))
  if not o then return end
  local seat = ctx.args.seat
  T.add_counter(seat, "xp", -o.cost)
  T.log { "log.levelled", seat = seat, hero = o.hero, card = o.target }
  C.destroy(o.hero)
  C.gain(o.target, seat)
  T.move(o.target, "discard", seat, "front")
end

-- --- Rest and the end of the turn (§4.4, §4.5) --------------------------

-- R1: the player may destroy one card from his hand.
function M.rest(ctx)
  local seat = ctx.seat
  local options = { { id = "none", label = "rest.none" } }
  local cards = C.distinct(T.zone("hand", seat))   -- two Militia in hand: destroying either is the same
  for _, o in ipairs(opts.for_entities(cards)) do options[#options + 1] = o end
  T.decide { seat = seat, prompt = "rest.prompt", options = options, on_choice = "rested", args = { seat = seat } }
end

function M.rested(ctx)
  if ctx.choice == "none" then return end
  local card = opts.entity(C.distinct(T.zone("hand", ctx.args.seat)), "", ctx.choice)
  C.destroy(card)
end

-- §4.5: every card in play and in hand to the discard pile, then a new hand
-- (more with Burnt Offering); cards a Spoils kept aside join it.
function M.end_turn(ctx)
  local seat = ctx.seat
  T.emit("turn_ends", { seat = seat })
  T.schedule("discard_and_draw", { seat = seat })
end

function M.discard_and_draw(ctx)
  local seat, turn = ctx.args.seat, C.turn()
  for _, z in ipairs({ "play", "hand" }) do
    for _, c in ipairs(T.zone(z, seat)) do
      if not turn.keep[C.key(c)] then T.move(c, "discard", seat) end
    end
  end
  C.draw(seat, T.param("hand_size") + turn.draw_bonus)
  for _, c in ipairs(T.zone("play", seat)) do T.move(c, "hand", seat) end
end

-- [pack] score (rules/rating.lua).
M.rating = require "rules.rating"

return M
