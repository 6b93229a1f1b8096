-- Reactions (§4.9): cards a player uses out of the normal order to keep an
-- effect off himself. Which cards react is data, a tag:
--   blocks_battle  a treasure set aside, destroyed to keep one Battle effect
--                  from affecting its owner (Ruby Dragon);
--   avoids_trap    a card in hand or in play, revealed to avoid a Trap
--                  (Highwayman's trophy);
--   redirects      a card in hand, revealed when an opponent's effect names
--                  its owner: the effect names the active player instead
--                  (Belzur Bishop). M.target_opponent asks for it.
-- A player who reacts is shielded while that effect runs: the card verbs
-- (C.gain_disease, C.mark, C.destroy, C.discard, C.add_strength) leave his
-- cards alone (rules/cards.lua).
local T = tabula
local C = require "rules.cards"
local opts = require "std.options"
local M = {}

local WHERE = { blocks_battle = { "aside" }, avoids_trap = { "hand", "play" }, redirects = { "hand" } }

local function reactors(tag, seat)
  local out = {}
  for _, z in ipairs(WHERE[tag]) do
    for _, c in ipairs(T.zone(z, seat)) do
      if T.has_tag(c, tag) then out[#out + 1] = c end
    end
  end
  return C.distinct(out)   -- two Ruby Dragons aside: using either is the same
end

-- Asks each seat in `seats` that holds a reacting card whether to use one
-- against `source` (the monster or trap), then runs `then_fn(args)` with
-- the shields up; `done_fn` lowers them. Both are functions of a loaded
-- module, scheduled in order after the questions.
function M.guard(tag, source, seats, then_fn, args)
  C.turn().shield = {}
  for _, seat in ipairs(seats) do
    local cards = reactors(tag, seat)
    if #cards > 0 then
      local options = { { id = "no", label = "react.no" } }
      for _, o in ipairs(opts.for_entities(cards, nil, C.telling(cards))) do options[#options + 1] = o end
      T.decide { seat = seat, prompt = { "react.prompt." .. tag, source = source }, options = options,
        on_choice = M.reacted, args = { seat = seat, tag = tag } }
    end
  end
  T.schedule(then_fn, args)
  T.schedule(M.lower)
end

function M.reacted(ctx)
  if ctx.choice == "no" then return end
  local seat = ctx.args.seat
  local card = opts.entity(reactors(ctx.args.tag, seat), "", ctx.choice)
  C.show(card, { "log.react." .. ctx.args.tag, seat = seat, card = card })
  if ctx.args.tag == "blocks_battle" then C.destroy(card) end
  C.turn().shield[C.key(seat)] = true
end

function M.lower() C.turn().shield = {} end

-- An effect of `seat`'s `card` that names one opponent (Thunder Ring):
-- the player picks him (with one opponent, nobody is asked); if the
-- opponent holds a `redirects` card he may reveal it and the effect names
-- `seat` instead. Then the card's function `fn` runs with args.seat and
-- args.target.
function M.target_opponent(seat, prompt, card, fn, args)
  local others = C.others(seat)
  local spec = { seat = seat, pass = args or {}, card = card, fn = fn }
  if #others == 1 then return M.name(spec, others[1]) end
  local options = {}
  for _, s in ipairs(others) do options[#options + 1] = { id = s, label = { "react.seat", seat = s } } end
  T.decide { seat = seat, prompt = prompt, options = options, on_choice = M.opponent_named, args = spec }
end

function M.opponent_named(ctx) M.name(ctx.args, ctx.choice) end

function M.name(spec, target)
  local pass = {}
  for k, v in pairs(spec.pass) do pass[k] = v end
  pass.seat, pass.target = spec.seat, target
  local cards = reactors("redirects", target)
  if #cards == 0 then
    T.call(spec.card, spec.fn, pass)
    return
  end
  local options = { { id = "no", label = "react.no" } }
  for _, o in ipairs(opts.for_entities(cards, nil, C.telling(cards))) do options[#options + 1] = o end
  T.decide { seat = target, prompt = { "react.prompt.redirects", seat = spec.seat }, options = options,
    on_choice = M.redirected, args = { pass = pass, card = spec.card, fn = spec.fn } }
end

function M.redirected(ctx)
  local pass = ctx.args.pass
  if ctx.choice ~= "no" then
    local card = opts.entity(reactors("redirects", pass.target), "", ctx.choice)
    C.show(card, { "log.react.redirects", seat = pass.target, card = card, to = pass.seat })
    pass.target = pass.seat
  end
  T.call(ctx.args.card, ctx.args.fn, pass)
end

return M
