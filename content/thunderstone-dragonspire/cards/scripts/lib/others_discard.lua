-- "Each other player discards ...": the other seats in turn, from the next
-- one around the table, each pick the card from their hand; a player who
-- has no such card shows his hand (Chulian Scavenger and Looter: a Weapon;
-- Half-Orc Marauder and Dervish: any 1 card). Belzur Bishop's REACTION
-- (§4.9) answers an effect whose player designates one opponent (Thunder
-- Ring, rules/reactions.lua target_opponent); "each other player" names
-- nobody, so it is not offered here (README, "Optional rules").
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local L = {}

local function fits(card, tag) return tag == "" or T.has_tag(card, tag) end

-- From an effect of the card ctx.self: `tag` the class the discarded card
-- must have ("weapon"; nil: any card), `n` cards each, and `per` Attack the
-- acting card gains for each card discarded (0: none).
function L.start(ctx, tag, n, per)
  T.schedule(L.ask, { seat = ctx.args.seat, rest = C.others(ctx.args.seat), tag = tag or "", n = n, left = n,
    per = per or 0 })
end

-- The next seat's turn to discard: `rest[1]`, `left` more cards.
function L.ask(ctx)
  local a = ctx.args
  local other = a.rest[1]
  if not other then return end
  local args = { seat = a.seat, rest = a.rest, tag = a.tag, n = a.n, left = a.left, per = a.per }
  if a.left <= 0 then return L.go_on(args, true) end
  local cards = {}
  for _, c in ipairs(T.zone("hand", other)) do
    if fits(c, a.tag) then cards[#cards + 1] = c end
  end
  if #cards == 0 then
    for _, c in ipairs(T.zone("hand", other)) do
      for s = 1, T.seats() do
        if s ~= other then T.reveal(c, s) end
      end
    end
    T.log { a.tag == "" and "fx_hero.no_card" or "fx_hero.shows_hand", seat = other }
    return L.go_on(args, true)
  end
  E.pick { seat = other, cards = cards, args = args, then_fn = L.discarded,
    prompt = { a.tag == "" and "fx_hero.which_discard" or "fx_hero.which_weapon", seat = a.seat } }
end

function L.discarded(ctx)
  local a = ctx.args
  local other, card = a.rest[1], E.picked(ctx)
  C.discard(card, other)
  T.log { "fx_hero.discarded", seat = other, card = card }
  if a.per > 0 then E.bonus(ctx, "attack", a.per) end
  L.go_on({ seat = a.seat, rest = a.rest, tag = a.tag, n = a.n, left = a.left - 1, per = a.per }, false)
end

-- On to the same seat (more to discard) or the next one.
function L.go_on(args, seat_done)
  if seat_done or args.left <= 0 then
    local rest = {}
    for i = 2, #args.rest do rest[#rest + 1] = args.rest[i] end
    args.rest, args.left = rest, args.n
  end
  T.schedule(L.ask, args)
end

return L
