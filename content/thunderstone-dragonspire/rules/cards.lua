-- What every rule and card script needs: which cards are whose, the turn's
-- record, and the card-flow verbs of §4.0 (gain, discard, destroy, draw).
-- A card script keeps nothing itself: what a turn remembers lives in the
-- variable `turn` (reset when a turn begins).
local T = tabula
local pile = require "std.pile"
local M = {}

local HAND = T.param("hand_size")

-- The record of the running turn (a live table): `action`, `phase`, what
-- each card used (`used`), bonuses given in D2 (`strength`, per hero),
-- weapons carried (`carry`: weapon -> hero), cards marked for destruction
-- at the end of the battle (`marked`), and so on. Keys of per-card tables
-- are entity ids as strings.
function M.turn() return T.var("turn") end

function M.key(id) return tostring(id) end

-- The turn record's tables keyed by card (or "card:fn", `used`) or listing
-- cards (`marked`, `breaches`, `bluefire_doomed`); `shield` is keyed by seat.
local TURN_FIELDS = { "strength", "bonus", "carry", "carried", "used", "cannot", "marked", "breaches", "keep",
  "deep_light", "bluefire_twice", "bluefire_doomed", "spoiled_victims", "dropped" }

function M.type(card) return T.get(card, "type") end
function M.is(card, tag) return T.has_tag(card, tag) end
function M.is_hero(card) return T.get(card, "type") == "hero" end
function M.is_monster(card) return T.get(card, "type") == "monster" end

-- §6.2 glossary (Chieftain's Drum): Torch, Dagger and Iron Rations are
-- Village cards; Militia is a Hero.
function M.is_village(card) return T.get(card, "type") == "village" end

-- Cards of the party: revealed this turn and still in play, in order.
function M.party(seat) return T.zone("play", seat) end

function M.heroes(seat)
  local out = {}
  for _, c in ipairs(T.zone("play", seat)) do
    if M.is_hero(c) then out[#out + 1] = c end
  end
  return out
end

function M.with_tag(seat, tag, zone)
  local out = {}
  for _, c in ipairs(T.zone(zone or "play", seat)) do
    if T.has_tag(c, tag) then out[#out + 1] = c end
  end
  return out
end

-- Readable, stable names for the seat's cards in play, as std.options
-- gives them ("militia", "militia-2"): card -> name.
function M.names(seat)
  local out, seen = {}, {}
  for _, c in ipairs(T.zone("play", seat)) do
    local def = T.def(c)
    seen[def] = (seen[def] or 0) + 1
    out[c] = def .. (seen[def] > 1 and ("-" .. seen[def]) or "")
  end
  return out
end

-- What tells a card from another of its definition this turn: its
-- definition and every mark the turn's record holds on it (a bonus, an
-- effect used, a weapon carried, destruction). Two cards with the same
-- signature are interchangeable, so a question offers one of them.
function M.signature(card)
  local turn, k = M.turn(), M.key(card)
  local parts = {}
  for _, f in ipairs(TURN_FIELDS) do
    local t = turn[f]
    if type(t) == "table" then
      for key, v in pairs(t) do
        if key == k then
          parts[#parts + 1] = f .. "=" .. (f == "carry" and T.def(v) or tostring(v))
        elseif v == card then
          parts[#parts + 1] = f .. "<" .. (f == "carry" and T.def(tonumber(key)) or "")
        elseif type(key) == "string" and key:sub(1, #k + 1) == k .. ":" then
          parts[#parts + 1] = f .. ":" .. key:sub(#k + 2)
        end
      end
    end
  end
  table.sort(parts)
  return T.def(card) .. "@" .. tostring(T.where(card)) .. "[" .. table.concat(parts, ",") .. "]"
end

-- The items of `list` whose key(item) no earlier item has, in order.
function M.first_of_each(list, key)
  local out, seen = {}, {}
  for _, item in ipairs(list) do
    local k = key(item)
    if not seen[k] then
      seen[k] = true
      out[#out + 1] = item
    end
  end
  return out
end

-- `cards` with one of each set of interchangeable cards (the first).
function M.distinct(cards) return M.first_of_each(cards, M.signature) end

-- A label function for options of `cards` (std.options' `label`): a card
-- whose name another of them shares says which it is, a Hero by its
-- Strength (`strength`: a function of the card) where that tells them
-- apart, else by its place among its namesakes ("Dagger (2)"); nil keeps
-- the card's name.
function M.telling(cards, strength)
  local count, values = {}, {}
  for _, c in ipairs(cards) do
    local d = T.def(c)
    count[d] = (count[d] or 0) + 1
    if strength and M.is_hero(c) then
      values[d] = values[d] or {}
      local s = strength(c)
      values[d][s] = (values[d][s] or 0) + 1
    end
  end
  local nth, place = {}, {}
  for _, c in ipairs(cards) do
    local d = T.def(c)
    nth[d] = (nth[d] or 0) + 1
    place[c] = nth[d]
  end
  return function(c)
    local d = T.def(c)
    if count[d] < 2 then return nil end
    if strength and values[d] and values[d][strength(c)] == 1 then
      return { "pick.card_strength", card = c, strength = strength(c) }
    end
    return { "pick.card_nth", card = c, n = place[c] }
  end
end

-- One round of a "one more, or done" loop (effects, buying, levelling,
-- equipping): offers `options` ({id, entity, label}) after "done"; with no
-- option at all, or when "done" is chosen, turn[flag] becomes true and the
-- loop's `until` ends it. While an option is `must` (a trophy's effect,
-- §2.4), "done" is not offered. The choice goes to `on_choice` (a function
-- of a loaded module) with ctx.args.seat and ctx.args.flag.
function M.offer_more(seat, flag, prompt, done_label, options, on_choice)
  if #options == 0 then
    M.turn()[flag] = true
    return
  end
  local shown = { { id = "done", label = done_label } }
  for _, o in ipairs(options) do
    if o.must then shown = {} end
  end
  for _, o in ipairs(options) do shown[#shown + 1] = { id = o.id, entity = o.entity, label = o.label } end
  T.decide { seat = seat, prompt = prompt, options = shown, on_choice = on_choice, args = { seat = seat, flag = flag } }
end

-- The option chosen in such a loop; nil for "done", which ends the loop.
function M.chosen(ctx, options)
  if ctx.choice == "done" then
    M.turn()[ctx.args.flag] = true
    return nil
  end
  for _, o in ipairs(options) do
    if o.id == ctx.choice then return o end
  end
end

-- Where a card is: in its owner's play zone (revealed this turn).
function M.in_play(card) return T.where(card) == "play" end

-- Gold printed on a card; nil when it has no gold value (§6.0).
function M.gold(card)
  local g = T.get(card, "gold")
  if g == nil then return nil end
  if M.is_monster(card) and T.var("no_monster_gold") then return nil end  -- Barrowsdale (§6.8)
  return g
end

-- The gold the seat reveals: every card still in play.
function M.revealed_gold(seat)
  local total = 0
  for _, c in ipairs(T.zone("play", seat)) do total = total + (M.gold(c) or 0) end
  return total
end

-- The top card of each Village stack, one per stack: for a hero stack the
-- lowest level left (§3.5), in village order.
function M.stack_tops()
  return M.first_of_each(T.zone("village"), function(c) return T.get(c, "stack") or T.def(c) end)
end

-- Whether a reaction keeps the effect now running off `seat`'s cards
-- (rules/reactions.lua).
function M.shielded(seat)
  local shield = M.turn().shield
  return seat ~= nil and shield ~= nil and shield[M.key(seat)] == true
end

-- §4.0: a gained card goes to the discard pile.
function M.gain(card, seat)
  T.set_owner(card, seat)
  T.move(card, "discard", seat)
end

-- §4.0: a destroyed card leaves the game; a Disease goes back to its stack.
function M.destroy(card)
  if M.shielded(T.owner(card)) then return end
  if T.has_tag(card, "disease") then
    T.set_owner(card)
    T.move(card, "diseases")
  else
    T.move(card, "destroyed")
  end
  T.log { "log.destroyed", card = card, seat = T.owner(card) }
end

-- Shows everybody a card that only its owner sees, or nobody (a Thief
-- revealed from a hand, the top card of a deck that stays there), while the
-- journal line `text` names it: the card passes through its seat's play
-- zone, where everybody sees it, and goes back to its place. A line naming
-- a card that its readers cannot see would show them "(hidden)".
function M.show(card, text)
  local zone, seat, pos = T.where(card)
  if zone ~= "hand" and zone ~= "deck" then return T.log(text) end
  T.move(card, "play", seat)
  T.log(text)
  T.move(card, zone, seat, pos)
end

-- The monster fought this turn, or nil: the record's `target` (false when
-- none: 0 is a card's id too), or a lost one gone under the Dungeon deck,
-- which only the card itself remembers (`lost_battle`, rules/battle.lua).
function M.target()
  local t = M.turn().target
  if t then return t end
  local deck = T.zone("dungeon")
  for i = #deck, 1, -1 do
    if T.get(deck[i], "lost_battle") then return deck[i] end
  end
  return nil
end

-- Takes a card out of the turn's record when it goes where other players
-- may not see it (face down under an Emerald Dragon, back on a deck): the
-- record is a public variable, and an id names the same card in every game.
-- Its own entries go (`strength`, `bonus`, `used`, `marked`, …); a weapon
-- its hero carried stays carried this battle (`dropped`, Skullbreaker).
function M.forget(card)
  local turn = M.turn()
  if not turn then return end
  local k = M.key(card)
  local prefix = k .. ":"
  for _, field in ipairs(TURN_FIELDS) do
    local t = turn[field]
    if type(t) == "table" then
      local gone, list = {}, {}
      for key in pairs(t) do
        if key == k or (type(key) == "string" and key:sub(1, #prefix) == prefix) then gone[#gone + 1] = key end
      end
      for _, key in ipairs(gone) do t[key] = nil end
      if #t > 0 then
        for _, v in ipairs(t) do if v ~= card then list[#list + 1] = v end end
        if #list < #t then turn[field] = list end
      end
    end
  end
  local weapons = {}
  for w, h in pairs(turn.carry) do
    if h == card then weapons[#weapons + 1] = w end
  end
  if #weapons > 0 then
    if not turn.dropped then turn.dropped = {} end
    local dropped = turn.dropped
    for _, w in ipairs(weapons) do
      turn.carry[w] = nil
      dropped[w] = true
    end
  end
  if turn.target == card then turn.target = false end
end

function M.discard(card, seat)
  if M.shielded(T.owner(card)) then return end
  T.move(card, "discard", seat or T.owner(card))
end

-- §4.0: a Disease from the stack; when the stack is empty nothing is
-- gained (§6.2 says substitute other cards; the engine keeps 10 and lets
-- the stack run dry, OQ-6).
function M.gain_disease(seat)
  if M.shielded(seat) then return nil end
  local d = T.zone("diseases")[1]
  if not d then return nil end
  M.gain(d, seat)
  T.log { "log.disease", seat = seat }
  return d
end

-- Draws n cards from the seat's deck into `to` (default: its hand), with
-- the reshuffle of §4.0. Returns the cards drawn.
function M.draw(seat, n, to)
  return pile.draw { n = n, from = "deck", to = to or "hand", reshuffle = "discard", seat = seat }
end

-- A draw during a Village or Dungeon turn: the cards join the revealed set.
function M.draw_into_play(seat, n) return M.draw(seat, n, "play") end

-- The top card of a seat's deck, reshuffling the discard if the deck is
-- empty (§4.0); nil when both are empty.
function M.top_of_deck(seat) return pile.top_or_reshuffle("deck", seat, "discard") end

function M.draw_hand(seat) return M.draw(seat, HAND) end

-- Seats from the one after `seat` around the table (not `seat` itself).
function M.others(seat)
  local out = {}
  for i = 1, T.seats() - 1 do out[#out + 1] = (seat + i - 1) % T.seats() + 1 end
  return out
end

function M.active() return T.current_seat() end

-- Marks a card to be destroyed at the end of the battle (§5.6): it keeps
-- fighting until then.
function M.mark(card)
  if M.shielded(T.owner(card)) then return end
  local turn = M.turn()
  for _, c in ipairs(turn.marked) do if c == card then return end end
  turn.marked[#turn.marked + 1] = card
  T.log { "log.marked", card = card }
end

function M.is_marked(card)
  for _, c in ipairs(M.turn().marked) do if c == card then return true end end
  return false
end

-- A Strength change of a hero for the rest of the turn.
function M.add_strength(hero, n)
  if n < 0 and M.shielded(T.owner(hero)) then return end
  local s = M.turn().strength
  s[M.key(hero)] = (s[M.key(hero)] or 0) + n
end

-- A bonus that lasts the turn (an Attack, Magic Attack or Light a card's
-- D2 effect gave): kept per card so that immunities know its source.
function M.add_bonus(card, what, n)
  local b = M.turn().bonus
  local k = M.key(card)
  if not b[k] then b[k] = {} end
  local e = b[k]
  e[what] = (e[what] or 0) + n
end

return M
