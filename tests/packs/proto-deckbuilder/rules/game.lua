-- The turn of the prototype deck-builder: play any cards from hand (one
-- subset decision), then buy one card or fight one monster of the hall (or
-- rest), then discard everything and draw a new hand. Totals come from the cards in
-- play through the modifier channels `attack` and `gold`.
local T = tabula
local pile = require("std.pile")
local M = {}

local HAND = T.param("hand_size")
local RANKS = T.param("hall_ranks")
local PENALTY = T.param("rank_penalty")
local MAX_ROUNDS = T.param("max_rounds")

local function draw_hand(seat)
  pile.draw { n = HAND, from = "deck", to = "hand", reshuffle = "discard", seat = seat }
end

function M.setup(ctx)
  for seat = 1, T.seats() do
    for _, def in ipairs(T.defs { tag = "starter" }) do
      for _ = 1, T.def_get(def, "start") do T.create(def, "deck", seat) end
    end
    T.shuffle("deck", seat)
    draw_hand(seat)
  end
  for _, def in ipairs(T.defs { kind = "card", tag = "market" }) do
    for _ = 1, T.def_get(def, "supply") do T.create(def, "market") end
  end
  for _, def in ipairs(T.defs { kind = "monster" }) do
    for _ = 1, T.def_get(def, "copies") do T.create(def, "dungeon") end
  end
  T.shuffle("dungeon")
  pile.draw { n = RANKS, from = "dungeon", to = "hall" }
end

function M.game_ends(ctx)
  return (T.var("round") or 0) >= MAX_ROUNDS or T.count("dungeon") + T.count("hall") == 0
end

-- Playing cards: one subset decision ("play any of these"), so a search AI
-- sees each set of cards once, not every order of it.
function M.play_step(ctx)
  local seat = ctx.seat
  local hand = T.zone("hand", seat)
  if #hand == 0 then return end
  local options = {}
  for i = 1, #hand do options[i] = { id = hand[i], entity = hand[i] } end
  T.decide {
    seat = seat, prompt = "play.which", options = options, pick = { min = 0 }, on_choice = "played",
    args = { seat = seat },
  }
end

function M.played(ctx)
  local seat = ctx.args.seat
  for _, card in ipairs(ctx.choice) do
    T.move(card, "play", seat)
    T.emit("played", { card = card, seat = seat })
  end
end

-- The hall's monsters that `attack` beats, with their rank (1 = front).
local function beatable(attack)
  local out, hall = {}, T.zone("hall")
  for rank = 1, #hall do
    local m = hall[rank]
    if attack >= T.get(m, "hp") + (rank - 1) * PENALTY then out[#out + 1] = { monster = m, rank = rank } end
  end
  return out
end

-- One entity of each market definition the seat can afford.
local function affordable(gold)
  local out, seen, market = {}, {}, T.zone("market")
  for i = 1, #market do
    local def = T.def(market[i])
    if not seen[def] and T.def_get(def, "cost") <= gold then
      seen[def] = true
      out[#out + 1] = market[i]
    end
  end
  return out
end

local function totals(seat)
  return T.modify("attack", 0, { seat = seat }), T.modify("gold", 0, { seat = seat })
end

-- The action of the turn: rest, fight or buy. The branches are the nodes
-- `fight` and `buy`, each skipped unless chosen (one query with arguments).
function M.act(ctx)
  local seat = ctx.seat
  local attack, gold = totals(seat)
  local options = { { id = "rest", label = "act.rest" } }
  if #beatable(attack) > 0 then options[#options + 1] = { id = "fight", label = "act.fight" } end
  if #affordable(gold) > 0 then options[#options + 1] = { id = "buy", label = "act.buy" } end
  T.decide {
    seat = seat, prompt = { "act.what", attack = attack, gold = gold }, options = options, on_choice = "acted",
  }
end

function M.acted(ctx) T.set_var("action", ctx.choice) end

function M.not_chosen(ctx) return T.var("action") ~= ctx.args.action end

function M.fight(ctx)
  local seat = ctx.seat
  local options = {}
  for _, b in ipairs(beatable((totals(seat)))) do
    options[#options + 1] = { id = b.rank, label = { "fight.option", monster = b.monster, rank = b.rank } }
  end
  T.decide { seat = seat, prompt = "fight.which", options = options, on_choice = "fought", args = { seat = seat } }
end

function M.fought(ctx)
  local seat, monster = ctx.args.seat, T.zone("hall")[ctx.choice]
  T.move(monster, "discard", seat)
  T.set_owner(monster, seat)
  T.log { "log.won", seat = seat, monster = monster }
  pile.draw { n = 1, from = "dungeon", to = "hall" }
end

function M.buy(ctx)
  local seat = ctx.seat
  local _, gold = totals(seat)
  local options = {}
  for _, card in ipairs(affordable(gold)) do
    options[#options + 1] = { id = T.def(card), label = { "buy.option", card = card, cost = T.get(card, "cost") } }
  end
  T.decide { seat = seat, prompt = "buy.which", options = options, on_choice = "bought", args = { seat = seat } }
end

function M.bought(ctx)
  local seat = ctx.args.seat
  for _, card in ipairs(T.zone("market")) do
    if T.def(card) == ctx.choice then
      T.move(card, "discard", seat)
      T.set_owner(card, seat)
      T.log { "log.bought", seat = seat, card = card }
      return
    end
  end
end

function M.cleanup(ctx)
  local seat = ctx.seat
  pile.move_all("play", seat, "discard", seat)
  pile.move_all("hand", seat, "discard", seat)
  draw_hand(seat)
end

-- Victory points of everything a seat owns, cards and monsters alike.
function M.score(ctx)
  local scores, best, winner = {}, -1, 1
  for seat = 1, T.seats() do
    local vp = 0
    for _, zone in ipairs { "deck", "hand", "play", "discard" } do
      for _, e in ipairs(T.zone(zone, seat)) do vp = vp + T.get(e, "vp") end
    end
    scores[seat] = vp
    if vp > best then best, winner = vp, seat end
  end
  T.game_over({ scores = scores, winners = { winner } }, { "result.winner", seat = winner, vp = best })
end

return M
