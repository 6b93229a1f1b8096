-- Orders (§4.3.2, §4.3.3 item 2): the lords' order cards, the dummies'
-- minions, the secret plan of three orders, their reveal and placement in
-- seat order, and taking cards back at the end of the round.
local T = tabula
local B = require "rules.board"
local C = require "rules.colours"
local seats = require "std.seats"
local list = require "std.list"
local options = require "std.options"
local chance = require "std.chance"
local O = {}

local PER_ROUND = T.param("orders_per_round")

-- The order definitions, one per action, in the order of the actions.
local function order_defs()
  local by_action = {}
  for _, def in ipairs(T.defs({ kind = "order" })) do by_action[T.def_get(def, "action")] = def end
  return list.map(T.param("actions"), function(a) return by_action[a] end)
end

local function of_colour(zone, colour, seat)
  return list.filter(T.zone(zone, seat), function(c) return T.get(c, "colour") == colour end)
end

-- §3.1 item 15, §3.2: every colour's eight cards. A lord blocks two at
-- random (first game); the full game (F1, blocked_orders_drawn > 0) lets
-- him keep one of that many drawn and block the others face down.
function O.deal_orders()
  local defs = order_defs()
  for colour = 1, C.COLOURS do
    if colour <= T.seats() then
      for _, def in ipairs(defs) do T.set(T.create(def, "orders_hand", colour), "colour", colour) end
      O.block_at_start(colour)
    elseif C.is_dummy(colour) then
      for _, def in ipairs(defs) do
        local card = T.create(def, "dummy_deck")
        T.set(card, "colour", colour)
        T.turn(card, false)
      end
      for _ = 1, T.param("dummy_blocked") do
        local card = T.chance("dummy_blocked_order", of_colour("dummy_deck", colour))
        T.move(card, "dummy_blocked")
        T.turn(card, true)
      end
    end
  end
end

function O.block_at_start(seat)
  local drawn = T.param("blocked_orders_drawn")
  if drawn == 0 then
    for _ = 1, T.param("blocked_orders") do T.move(T.chance("blocked_order", T.zone("orders_hand", seat)), "orders_blocked", seat) end
    return
  end
  local picked = chance.draw("drawn_order", T.zone("orders_hand", seat), drawn)
  options.pick {
    seat = seat, secret = true, prompt = "orders.keep_one", entities = picked, prefix = "keep:",
    on_pick = O.kept_at_start, args = { seat = seat, drawn = picked },
  }
end

-- F1: the others are blocked; they come to light together when the first
-- round is prepared, so until then they stay a secret of their lord.
function O.kept_at_start(ctx)
  local keep = options.picked(ctx)
  T.set_secret(ctx.args.seat, "blocked", list.filter(ctx.args.drawn, function(c) return c ~= keep end))
end

function O.show_blocked()
  for seat = 1, T.seats() do
    for _, card in ipairs(T.secret(seat, "blocked") or {}) do T.move(card, "orders_blocked", seat) end
    T.set_secret(seat, "blocked", nil)
  end
end

-- --- P2: the dummies (§4.3.2, dummy preparation) ----------------------------

function O.dummies()
  B.reset()
  local random_n, chosen_n = C.by_players("dummy_random_orders"), C.by_players("dummy_chosen_orders")
  for _, colour in ipairs(C.dummies()) do
    for _ = 1, random_n do
      local card = T.chance("dummy_order", of_colour("dummy_deck", colour))
      T.move(card, "dummy_played")
      T.turn(card, true)
      local action = T.get(card, "action")
      local slot = B.place(colour, action, T.param("dummy_slot"))
      T.log({ "orders.dummy_places", colour = colour, card = card, slot = slot or 0 })
    end
    if chosen_n > 0 then
      local seat = C.handler(colour)
      for _, card in ipairs(of_colour("dummy_deck", colour)) do
        T.move(card, "dummy_hand", seat)
        T.turn(card, true)
      end
    end
  end
  if chosen_n == 0 then O.dummy_cards_move_on() end
end

-- Item 4: the dummy's old blocked cards and the cards it did not play form
-- its new deck; the cards it played this round are its new blocked cards.
function O.dummy_cards_move_on()
  for _, colour in ipairs(C.dummies()) do
    for _, card in ipairs(of_colour("dummy_blocked", colour)) do
      T.move(card, "dummy_deck")
      T.turn(card, false)
    end
    for seat = 1, T.seats() do
      for _, card in ipairs(of_colour("dummy_hand", colour, seat)) do
        T.move(card, "dummy_deck")
        T.turn(card, false)
      end
    end
    for _, card in ipairs(of_colour("dummy_played", colour)) do T.move(card, "dummy_blocked") end
  end
end

-- --- P2: planning, in secret and all at once -----------------------------------

function O.plan()
  for _, seat in ipairs(seats.from_start()) do O.ask_order(seat) end
end

-- The plan stays a secret of its lord ("orders": card ids, position 1
-- first) and the cards stay in his hand until they are revealed, so that
-- nobody sees anything change while the others still plan.
local function plan_of(seat) return T.secret(seat, "orders") or {} end

function O.ask_order(seat)
  local plan = plan_of(seat)
  local k = #plan + 1
  if k <= PER_ROUND then
    options.pick {
      seat = seat, secret = true, prompt = { "orders.which", position = k },
      entities = list.filter(T.zone("orders_hand", seat), function(c) return not list.contains(plan, c) end),
      prefix = "order:", on_pick = "planned", args = { seat = seat },
    }
  elseif T.count("dummy_hand", seat) > 0 and not T.secret(seat, "dummy_order") then
    options.pick {
      seat = seat, secret = true, prompt = "orders.which_dummy",
      entities = T.zone("dummy_hand", seat), prefix = "dummy:",
      on_pick = "dummy_planned", args = { seat = seat },
    }
  end
end

function O.planned(ctx)
  local plan = plan_of(ctx.args.seat)
  plan[#plan + 1] = options.picked(ctx)
  T.set_secret(ctx.args.seat, "orders", plan)
  O.ask_order(ctx.args.seat)
end

function O.dummy_planned(ctx) T.set_secret(ctx.args.seat, "dummy_order", options.picked(ctx)) end

-- 2 players, item 3: before the first own cards, the cards chosen for the
-- dummies come to light; each sends the dummy's third minion to slot 1.
function O.dummy_reveal()
  for _, seat in ipairs(seats.from_start()) do
    local card = T.secret(seat, "dummy_order")
    T.set_secret(seat, "dummy_order", nil)
    if card then
      T.move(card, "dummy_played")
      T.turn(card, true)
      local colour = T.get(card, "colour")
      local slot = B.place(colour, T.get(card, "action"), 1)
      T.log({ "orders.dummy_places", colour = colour, card = card, slot = slot or 0 })
    end
  end
  if C.by_players("dummy_chosen_orders") > 0 then O.dummy_cards_move_on() end
end

-- --- P2: reveal and placement, k = 1..3 ------------------------------------------

local function place(seat, card, k)
  local action = T.get(card, "action")
  if not B.has_free(action, 1) then
    T.set(card, "minion", true)
    T.log({ "orders.no_slot", seat = seat, card = card })
    return
  end
  -- F3: the full game's fee for an order in position 1, due only when the
  -- minion is placed (Q-F3SLOT: no free slot, no fee).
  local fee = T.param("first_order_fee")
  if k == 1 and fee[action] and fee[action] > 0 then
    if T.counter(seat, "gold") < fee[action] then
      T.set(card, "minion", true)
      T.log({ "orders.no_fee", seat = seat, card = card, n = fee[action] })
      return
    end
    T.add_counter(seat, "gold", -fee[action])
    T.log({ "orders.fee", seat = seat, card = card, n = fee[action] })
  end
  local slot = B.place(seat, action, 1)
  T.log({ "orders.placed", seat = seat, card = card, slot = slot })
end

function O.reveal()
  local k = T.var("reveal_step")
  local revealed = {}
  for _, seat in ipairs(seats.from_start()) do
    local card = plan_of(seat)[k]
    if k == PER_ROUND then T.set_secret(seat, "orders", nil) end
    if card then
      T.move(card, "orders_played", seat)
      T.turn(card, true)
      revealed[#revealed + 1] = { seat = seat, card = card }
    end
  end
  for _, r in ipairs(revealed) do place(r.seat, r.card, k) end
end

-- --- P3: order retrieval (§4.3.3 item 2) --------------------------------------------

function O.retrieve(ctx)
  local seat = ctx.seat
  for _, card in ipairs(T.zone("orders_blocked", seat)) do T.move(card, "orders_hand", seat) end
  local played = T.zone("orders_played", seat)
  if #played == 0 then return end
  local may = { played[1] }
  for i = 2, #played do
    if T.get(played[i], "minion") then may[#may + 1] = played[i] end
  end
  if #may == 1 then
    O.take_back(seat, may[1])
    return
  end
  options.pick {
    seat = seat, prompt = "orders.take_back", entities = may, prefix = "back:",
    on_pick = "taken_back", args = { seat = seat },
  }
end

function O.taken_back(ctx) O.take_back(ctx.args.seat, options.picked(ctx)) end

function O.take_back(seat, keep)
  local blocked = {}
  for _, card in ipairs(T.zone("orders_played", seat)) do
    T.set(card, "minion", false)
    if card == keep then
      T.move(card, "orders_hand", seat)
    else
      T.move(card, "orders_blocked", seat)
      blocked[#blocked + 1] = card
    end
  end
  -- The card taken back goes into the hidden hand: the others read which
  -- two are blocked now (what they see), the lord which one he took.
  T.log({ "orders.took_back", seat = seat, card = keep }, seat)
  if #blocked == 2 then
    T.log({ "orders.blocks", seat = seat, first = blocked[1], second = blocked[2] })
  end
end

return O
