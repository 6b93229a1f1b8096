-- Reactions (§4.9): cards a player uses out of the normal order to keep an
-- effect off himself. Which cards react is data, a tag:
--   blocks_battle  a treasure set aside, destroyed to keep one Battle effect
--                  from affecting its owner (Ruby Dragon);
--   avoids_trap    a card in hand or in play, revealed to avoid a Trap
--                  (Highwayman's trophy).
-- A player who reacts is shielded while that effect runs: the card verbs
-- (C.gain_disease, C.mark, C.destroy, C.discard, C.add_strength) leave his
-- cards alone (rules/cards.lua).
local T = tabula
local C = require "rules.cards"
local opts = require "std.options"
local M = {}

local WHERE = { blocks_battle = { "aside" }, avoids_trap = { "hand", "play" } }

local function reactors(tag, seat)
  local out = {}
  for _, z in ipairs(WHERE[tag]) do
    for _, c in ipairs(T.zone(z, seat)) do
      if T.has_tag(c, tag) then out[#out + 1] = c end
    end
  end
  return out
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
      for _, o in ipairs(opts.for_entities(cards)) do options[#options + 1] = o end
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
  T.log { "log.react." .. ctx.args.tag, seat = seat, card = card }
  if ctx.args.tag == "blocks_battle" then C.destroy(card) end
  C.turn().shield[C.key(seat)] = true
end

function M.lower() C.turn().shield = {} end

return M
