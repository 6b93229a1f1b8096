-- P4, event resolution (§4.3.4, §5.5): the tile forecast last round lies in
-- event_now; it is resolved for every lord in seat order from the starting
-- player, then put aside until the tiles are shuffled for year 2.
-- The full game's special-event cards (§3.5 F2) live here too: put aside at
-- setup, shown with the special tile when it is forecast, resolved with it.
local T = tabula
local D = require "rules.dungeon"
local E = require "rules.evil"
local W = require "rules.works"
local seats = require "std.seats"
local pile = require "std.pile"
local list = require "std.list"
local M = {}

-- W.pay_monster names its continuations by value; a loaded module must
-- reach them.
M.works = W

local function now()
  local tile, card
  for _, e in ipairs(T.zone("event_now")) do
    if T.kind(e) == "event" then tile = e elseif T.kind(e) == "special_event" then card = e end
  end
  return tile, card
end

function M.resolve()
  local tile, card = now()
  if not tile then return end
  T.log({ "events.resolve", event = tile })
  local event = T.get(tile, "event")
  if event == "special" then
    M.special(card)
  elseif event == "payday" or event == "taxes" then
    for _, seat in ipairs(seats.from_start()) do T.schedule(event, { seat = seat }) end
  else
    error("event tile " .. T.def(tile) .. ": no rule resolves event '" .. tostring(event) .. "'")
  end
  T.schedule("put_aside", { tile = tile, card = card })
end

function M.put_aside(ctx)
  T.move(ctx.args.tile, "event_used")
  if ctx.args.card then T.move(ctx.args.card, "distant_lands") end
end

-- --- Payday ----------------------------------------------------------------------

-- The next monster or ghost of the lord not asked about yet. A monster that
-- costs another one (the demon) comes first: the monster it takes is part
-- of its payment and is not paid for itself.
local function next_unasked(seat, asked)
  local first
  for _, m in ipairs(T.zone("den", seat)) do
    if not list.contains(asked, m) then
      if T.get(m, "cost_monster") > 0 then return m end
      first = first or m
    end
  end
  return first
end

-- Payments happen at once, one monster after another; the steps toward
-- evil for the dismissed come after all of them (TV-E2: a payment to the
-- top of the scale may come before a dismissal's movement).
function M.payday(ctx)
  local seat, dismissed = ctx.args.seat, ctx.args.dismissed or 0
  local asked = { table.unpack(ctx.args.asked or {}) }
  local m = next_unasked(seat, asked)
  if not m then
    if dismissed > 0 then E.move(seat, dismissed * T.param("payday_dismiss_evil")) end
    return
  end
  asked[#asked + 1] = m
  local args = { seat = seat, monster = m, asked = asked, dismissed = dismissed }
  if not W.can_keep(seat, m) then
    T.log({ "events.cannot_pay", seat = seat, monster = m })
    return M.dismiss(args)
  end
  T.decide {
    seat = seat, prompt = { "events.payday_ask", monster = m, cost = W.cost_words(m) },
    options = { { id = "pay", label = { "events.pay_cost", cost = W.cost_words(m) } },
                { id = "dismiss", label = { "events.dismiss", n = T.param("payday_dismiss_evil") } } },
    on_choice = "paid", args = args,
  }
end

function M.dismiss(args)
  W.lose_monster(args.seat, args.monster)
  T.schedule("payday", { seat = args.seat, asked = args.asked, dismissed = args.dismissed + 1 })
end

-- Paying may ask which trap or monster goes (golem, demon). The work a
-- choice schedules runs on even when that choice opened a decision, so the
-- payment is scheduled too: the next question waits until it is answered.
function M.paid(ctx)
  local a = ctx.args
  if ctx.choice == "dismiss" then return M.dismiss(a) end
  T.schedule("pay", a)
  T.schedule("payday", { seat = a.seat, asked = a.asked, dismissed = a.dismissed })
end

function M.pay(ctx)
  T.log({ "events.pays", seat = ctx.args.seat, monster = ctx.args.monster })
  W.pay_monster(ctx.args.seat, ctx.args.monster)
end

-- --- Taxes -----------------------------------------------------------------------

local function settle(seat, tax, paid)
  if paid > 0 then T.add_counter(seat, "gold", -paid) end
  if tax > paid then T.add_counter(seat, "dead_letters", tax - paid) end
  T.log({ "events.taxed", seat = seat, paid = paid, unpaid = tax - paid })
end

-- Every square counts, conquered ones too; the lord may pay less than he
-- could, and takes a dead letter per gold unpaid.
function M.taxes(ctx)
  local seat, per = ctx.args.seat, T.param("tax_squares_per_gold")
  local tax = (#D.squares(seat) + per - 1) // per
  local most = math.min(tax, T.counter(seat, "gold"))
  if most == 0 then return settle(seat, tax, 0) end
  local opts = {}
  for n = 0, most do opts[#opts + 1] = { id = n, label = { "events.tax_option", n = n, unpaid = tax - n } } end
  T.decide {
    seat = seat, prompt = { "events.tax_ask", tax = tax, points = T.param("scoring").dead_letter }, options = opts,
    on_choice = "taxed", args = { seat = seat, tax = tax },
  }
end

function M.taxed(ctx) settle(ctx.args.seat, ctx.args.tax, ctx.choice) end

-- --- Special events (§3.5 F2) ---------------------------------------------------------

-- The card's entry names the function of its script that resolves it for
-- one lord; "none" is a card without effect. Without a card (the first
-- game, or a group that drops F2) the tile does nothing.
function M.special(card)
  local effect = card and T.get(card, "effect") or "none"
  if effect == "none" then
    T.log(card and { "events.special_no_effect", card = card } or "events.special_none")
    return
  end
  for _, seat in ipairs(seats.from_start()) do T.call(card, effect, { seat = seat }) end
end

M.on = {
  -- At setup the cards are shuffled and special_events of them put aside
  -- unseen, the one for year 1 on top; the others go back to the box.
  game_set_up = function()
    local n = T.param("special_events")
    if n <= 0 then return end
    for _, def in ipairs(T.param("special_event_cards")) do T.turn(T.create(def, "special_events"), false) end
    T.shuffle("special_events")
    local cards = T.zone("special_events")
    for i = n + 1, #cards do T.move(cards[i], "box") end
  end,
  -- When the special tile is forecast, the top card is shown beside it and
  -- travels with it to event_now.
  event_forecast = function(ctx)
    if T.get(ctx.args.tile, "event") ~= "special" then return end
    local card = pile.top("special_events")
    if not card then return end
    T.move(card, "event_next")
    T.turn(card, true)
    T.log({ "events.special_card", card = card })
  end,
}

return M
