-- The building blocks of card scripts, so that most cards are a few lines
-- (README.md, "The card contract"). A card offers its effects through
-- `extend.effects`, adds to the battle through `extend.battle`, and its
-- effect functions use the verbs below.
local T = tabula
local C = require "rules.cards"
local opts = require "std.options"
local battle = require "rules.battle"
local M = {}

-- The card's own numbers (its `effect` table in the manifest).
function M.n(card, key)
  local v = T.get(card, "effect")[key]
  if v == nil then error("card " .. T.def(card) .. " has no effect number '" .. key .. "'", 2) end
  return v
end

-- For `extend.effects`: the effects a card offers in `phases` (a phase or
-- a list: village, dungeon, armed, spoils), while it is in play. Each item:
-- { fn, label [, again] [, must] [, when = function(ctx) -> boolean] };
-- `must`: the player has to use it before he is done (a trophy, §2.4).
function M.offer(ctx, phases, items)
  if not C.in_play(ctx.self) then return nil end
  local phase = ctx.args.phase
  local ok = phases == phase
  if type(phases) == "table" then
    for _, p in ipairs(phases) do if p == phase then ok = true end end
  end
  if not ok then return nil end
  local out = {}
  for _, it in ipairs(items) do
    if not it.when or it.when(ctx) then
      out[#out + 1] = { card = ctx.self, fn = it.fn, label = it.label, again = it.again or false, must = it.must or false }
    end
  end
  return out
end

-- For `extend.battle`: one contribution of this card (attack, magic,
-- light, surplus_magic), when it is in play.
function M.give(ctx, what)
  if not C.in_play(ctx.self) then return nil end
  local k = { source = ctx.self }
  for key, v in pairs(what) do k[key] = v end
  return { k }
end

-- How many other cards of this card's stack (its hero type) are in play
-- beside it (Phalanx).
function M.others_of_stack(ctx)
  local _, seat = T.where(ctx.self)
  local n, stack = 0, T.get(ctx.self, "stack")
  for _, c in ipairs(C.party(seat)) do
    if c ~= ctx.self and T.get(c, "stack") == stack then n = n + 1 end
  end
  return n
end

-- Draws n cards into play (an effect in the Village or the Dungeon).
function M.draw(ctx, n) return C.draw_into_play(ctx.args.seat, n) end

-- Gold for the Village turn (V2).
function M.gold(_ctx, n) C.turn().gold = C.turn().gold + n end

-- A bonus of this card for the battle (Attack, Magic Attack, Light).
function M.bonus(ctx, what, n, card) C.add_bonus(card or ctx.self, what, n) end

-- Cards of the seat's party that pass `test`, the card itself excluded.
function M.others_in_play(ctx, test)
  local out = {}
  for _, c in ipairs(C.party(ctx.args.seat)) do
    if c ~= ctx.self and (not test or test(c)) then out[#out + 1] = c end
  end
  return out
end

-- Asks the seat to pick one of `cards` and continues with `then_fn` (a
-- function of the card's module, by value) with ctx.args.picked set; with
-- `optional`, "none" may be chosen and then_fn is not called. With one
-- card and no choice to make, nobody is asked. spec: seat, cards, prompt,
-- then_fn, optional, args.
function M.pick(spec)
  if #spec.cards == 0 then return end
  -- Namesakes say which they are (a Hero by its Strength, else "Militia
  -- (2)"); the rules let the player pick among them (OQ-36), so all stay.
  local cards = spec.cards
  local args = { seat = spec.seat }
  for k, v in pairs(spec.args or {}) do args[k] = v end
  opts.pick {
    seat = spec.seat, prompt = spec.prompt, entities = cards, on_pick = spec.then_fn, args = args,
    label = C.telling(cards, battle.strength),
    extra = spec.optional and { { id = "none", label = "pick.none" } } or nil,
  }
end

-- The card picked through M.pick (nil for "none").
function M.picked(ctx) return opts.picked(ctx) end

-- §4.3 D2: a card used for an effect cannot be destroyed by another, and
-- a destroyed one cannot be used: whether `card` was used this turn.
function M.used(card)
  local prefix = C.key(card) .. ":"
  for key in pairs(C.turn().used) do
    if key:sub(1, #prefix) == prefix then return true end
  end
  return false
end

-- "One Hero gains Strength +N" (N: the card's effect number `strength`):
-- the item for E.offer, and the steps a card exports as its own
-- (`M.feed = E.feed`): Iron Rations, Fire Giant's trophy.
function M.feed_item(ctx, must)
  return {
    fn = "feed", label = { "fx.hero_strength", n = M.n(ctx.self, "strength") },
    when = function(c) return #C.heroes(c.args.seat) > 0 end, must = must,
  }
end

function M.feed(ctx)
  M.pick { seat = ctx.args.seat, cards = C.heroes(ctx.args.seat), prompt = "fx.which_hero", then_fn = M.fed }
end

function M.fed(ctx) C.add_strength(M.picked(ctx), M.n(ctx.self, "strength")) end

-- The cards of the seat's party not used for an effect this turn: those
-- an effect may still destroy, discard or put back (§4.3 D2).
function M.unused_in_play(seat)
  local out = {}
  for _, c in ipairs(C.party(seat)) do
    if not M.used(c) then out[#out + 1] = c end
  end
  return out
end

-- §5.8.3: a Spoils purchase of one card whose top-of-stack card passes
-- `test`, paid with the gold of every surviving card revealed in the battle
-- (OQ-15: in play and not marked for destruction); the gold is not spent
-- between Spoils purchases (OQ-24). Continues with nothing to return.
function M.spoils_buy(ctx, test, prompt)
  local seat, gold = ctx.args.seat, 0
  for _, c in ipairs(C.party(seat)) do
    if not C.is_marked(c) then gold = gold + (C.gold(c) or 0) end
  end
  local cards = {}
  for _, c in ipairs(C.stack_tops()) do
    if T.get(c, "cost") <= gold and test(c) then cards[#cards + 1] = c end
  end
  M.pick { seat = seat, cards = cards, prompt = prompt or { "fx.spoils_buy", gold = gold }, optional = true,
    then_fn = M.spoils_bought }
end

function M.spoils_bought(ctx)
  local card = M.picked(ctx)
  if not card then return end
  C.gain(card, ctx.args.seat)
  T.log { "log.bought", seat = ctx.args.seat, card = card }
end

-- The heroes of the seat's party with the lowest (or highest) Strength:
-- the ties the player chooses among (OQ-36).
function M.extreme_heroes(seat, highest, among)
  return M.extremes(among or C.heroes(seat), battle.strength, highest)
end

-- The cards with the lowest (or, with `highest`, the highest) `value`:
-- all of them when several tie (OQ-36: the player picks among them).
function M.extremes(cards, value, highest)
  local best, out = nil, {}
  for _, c in ipairs(cards) do
    local v = value(c)
    if best == nil or (highest and v > best) or (not highest and v < best) then
      best, out = v, { c }
    elseif v == best then
      out[#out + 1] = c
    end
  end
  return out
end

return M
