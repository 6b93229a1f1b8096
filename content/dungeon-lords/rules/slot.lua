-- What using an action slot costs and gives (§4.1.3, §4.4): all or nothing,
-- paid to the supply; evil paid is a payment (§4.1.4), "good" a movement.
local T = tabula
local B = require "rules.board"
local E = require "rules.evil"
local S = {}

local SLOTS = T.param("action_slots")
local RESOURCES = { "gold", "food", "imps" }

function S.data(args) return SLOTS[args.action][args.slot] end

-- The order card that sent the lord's minion to the slot.
function S.card(args) return B.card_of(args.seat, args.action) end

function S.can_pay(seat, pay)
  for _, r in ipairs(RESOURCES) do
    if (pay[r] or 0) > T.counter(seat, r) then return false end
  end
  return E.can_pay(seat, pay.evil or 0)
end

function S.pay(seat, pay)
  for _, r in ipairs(RESOURCES) do
    if (pay[r] or 0) > 0 then T.add_counter(seat, r, -pay[r]) end
  end
  E.pay(seat, pay.evil or 0)
end

function S.gain(seat, g)
  for _, r in ipairs(RESOURCES) do
    if (g[r] or 0) > 0 then T.add_counter(seat, r, g[r]) end
  end
  if (g.good or 0) > 0 then E.move(seat, -g.good) end
end

-- What a slot costs and gives, as words for the question that asks
-- whether to use it: "pay 1 evil, get 3 food", "2 toward good, spy",
-- "pay 2 gold, draw 2 traps". Every number is the slot's data.
function S.effect_words(d)
  local words, pay, gain = {}, {}, {}
  for _, r in ipairs({ "gold", "food", "evil" }) do
    if (d.pay or {})[r] then pay[#pay + 1] = { "cost." .. r, n = d.pay[r] } end
  end
  for _, r in ipairs({ "food", "gold", "imps" }) do
    if (d.gain or {})[r] then gain[#gain + 1] = { "cost." .. r, n = d.gain[r] } end
  end
  if #pay > 0 then words[#words + 1] = { "slot.pay", what = pay } end
  if #gain > 0 then words[#words + 1] = { "slot.gain", what = gain } end
  if (d.gain or {}).good then words[#words + 1] = { "slot.good", n = d.gain.good } end
  if d.spy then words[#words + 1] = { "slot.spy" } end
  if d.traps then words[#words + 1] = { "slot.traps", n = d.traps } end
  return words
end

-- Imps free for a job this round (§4.1.6); troll tokens never dig or mine.
function S.free_imps(seat) return T.counter(seat, "imps") - T.counter(seat, "busy_imps") end
function S.put_to_work(seat, n) T.add_counter(seat, "busy_imps", n) end

-- Spying (§4.4 Improve Reputation, Q-SPY): the lord may look at one of
-- this year's combat cards he has not seen yet, the one he picks, or at
-- none (a "may": what he knows is public, so knowing may matter); their
-- order never changes. Everyone sees which card he looks at, only he what
-- it is.
function S.spied(ctx)
  local seat = ctx.args.seat
  if ctx.choice == "no-spy" then
    T.log({ "actions.not_spied", seat = seat })
    return
  end
  local n = tonumber(tostring(ctx.choice):match("^spy(%d+)$"))
  local card = T.zone("combat_deck")[n]
  T.reveal(card, seat)
  T.log({ "actions.spied", seat = seat, n = n })
  T.log({ "actions.spied_card", n = n, card = card, fatigue = T.get(card, "fatigue") }, seat)
end

local function spy(seat)
  local unseen = {}
  for i, card in ipairs(T.zone("combat_deck")) do
    if not T.known(card, seat) then unseen[#unseen + 1] = { id = "spy" .. i, n = i, label = { "actions.spy_on", n = i } } end
  end
  if #unseen == 0 then return end
  unseen[#unseen + 1] = { id = "no-spy", label = "actions.no_spy" }
  T.decide { seat = seat, prompt = "actions.which_spy", options = unseen, on_choice = S.spied, args = { seat = seat } }
end

-- The lord uses the slot: he pays, gains and spies as it says.
function S.commit(args)
  local d = S.data(args)
  S.pay(args.seat, d.pay or {})
  S.gain(args.seat, d.gain or {})
  if d.spy then spy(args.seat) end
  T.log({ "actions.used", seat = args.seat, card = S.card(args), slot = args.slot })
end

-- He does not (or cannot): his minion stands on the order card.
function S.decline(args, key)
  B.unexecuted(args.seat, args.action)
  T.log({ key or "actions.declined", seat = args.seat, card = S.card(args), slot = args.slot })
end

return S
