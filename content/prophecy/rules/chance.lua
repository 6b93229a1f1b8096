-- The chance phase (PB §4 step 1, §6.2): the active character draws the top
-- green card and resolves it (its script's `resolve`, docs/contracts.md).
-- The deck is reshuffled when empty, except in the final battle: then an
-- empty deck brings the Apocalypse (PB §9.2).
local T = tabula
local board = require "rules.board"
local deck = require "rules.deck"
local names = require "rules.names"
local M = {}

-- Before the card: things a character may do in its chance phase (the
-- Banner of Doom) come through the extension point `before_chance`
-- {seat, character}: options with their own on_choice.
function M.draw()
  local t = T.var("turn")
  local options = T.collect("before_chance", { seat = t.seat, character = t.char })
  if #options == 0 then return M.maybe_draw(t.seat) end
  options[#options + 1] = { id = "draw", label = "chance.draw" }
  T.decide { seat = t.seat, prompt = "chance.before", options = options, on_choice = M.drew, args = { seat = t.seat } }
end

function M.drew(ctx) M.maybe_draw(ctx.args.seat) end

-- No card in a second turn by Calm Times (D-01), in the Apocalypse (D-23),
-- nor when the channel `draws_chance` {seat} says 0 (the Heroic Solution's
-- final battle).
function M.maybe_draw(seat)
  local t = T.var("turn")
  if t.no_chance or T.var("apocalypse") or T.modify("draws_chance", 1, { seat = seat }) == 0 then return end
  M.draw_card(seat)
end

-- Draws and resolves one chance card for `seat`. The channel
-- `chance_ignored` (1: ignore) lets a rule pass over a card: it is
-- discarded and the next one drawn (WR §3.3.6 item 3).
function M.draw_card(seat)
  local discard = "chance_discard"
  if T.var("final_battle") then discard = nil end
  local card = deck.draw("chance_deck", discard)
  if card == nil then
    local victory = require "rules.victory"
    return victory.apocalypse("deck")
  end
  T.move(card, "chance_discard")
  T.turn(card, true)
  T.log({ "log.chance", who = names.who(board.character(seat)), card = card })
  if T.modify("chance_ignored", 0, { card = card, seat = seat }) > 0 then
    T.log({ "log.chance_ignored", card = card })
    return M.draw_card(seat)
  end
  T.call(card, "resolve", { seat = seat })
end

-- The characters a chance card reaches: all in the game, unless the
-- channel `chance_affects` (1: yes) says not (WR §3.3.9: a character in
-- the Water Realm is untouched by chance cards).
function M.affected()
  local out = {}
  for _, c in ipairs(board.characters()) do
    if T.modify("chance_affects", 1, { character = c }) > 0 then out[#out + 1] = c end
  end
  return out
end

function M.affects(char)
  return not T.get(char, "out") and T.modify("chance_affects", 1, { character = char }) > 0
end

return M
