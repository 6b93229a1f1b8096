-- L1, the Lord's Ritual cards: dorn.md §4.8, §6.7. The Lord may play one
-- Ritual of his hand (zone `rituals`, seat 1) a turn, paying its cost in
-- Blood Drops; each card once. The card's script (`play`) carries out its
-- effect; `effects.start` keeps it in `in_effect` for as long as it lasts.
-- Helpers the Ritual scripts share are here too.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local wounds = require "rules.wounds"
local effects = require "rules.effects"
local reach = require "rules.reach"
local M = {}

local LORD = 1

-- The price of a Ritual: its printed cost, plus `ritual_extra_cost`
-- (variant 15.f: +1).
function M.cost(card) return T.get(card, "cost") + T.param("ritual_extra_cost") end

-- A card that cannot be played now answers `ritual_blocked` with itself
-- (only entries that listen in the hand do).
local function blocked()
  local out = {}
  for _, card in ipairs(T.collect("ritual_blocked")) do out[card] = true end
  return out
end

-- The Rituals the Lord may play now: affordable and usable.
function M.playable()
  local out, no, blood = {}, blocked(), T.counter(LORD, "blood")
  for _, card in ipairs(T.zone("rituals", LORD)) do
    if M.cost(card) <= blood and not no[card] then out[#out + 1] = card end
  end
  return out
end

-- L1: one decision; nothing is asked when no Ritual can be played.
function M.offer()
  local options = {}
  for _, card in ipairs(M.playable()) do
    options[#options + 1] = { id = T.def(card), entity = card, label = { "ritual.play", card = card, cost = M.cost(card) } }
  end
  if #options == 0 then return end
  options[#options + 1] = { id = "none", label = "ritual.none" }
  T.decide { seat = LORD, prompt = "ritual.prompt", options = options, on_choice = M.chosen }
end

function M.chosen(ctx)
  if ctx.choice == "none" then return end
  local card
  for _, c in ipairs(T.zone("rituals", LORD)) do
    if T.def(c) == ctx.choice then card = c end
  end
  local cost = M.cost(card)
  wounds.add_blood(-cost)
  T.set_var("rituals_played", T.var("rituals_played") + 1)
  T.turn(card, true)
  T.log { "ritual.played", card = card, n = cost }
  effects.start(card, T.get(card, "lasts"), { by = LORD })
  T.call(card, "play")
end

-- The record of a Ritual (or Blessing) in force: its `data`, or nil while
-- the card is in a hand or spent. Every listener of a card asks it first.
function M.data(ctx)
  if T.where(ctx.self) ~= "in_effect" then return nil end
  return effects.data(ctx.self)
end

function M.is_in(list, id)
  for _, x in ipairs(list or {}) do
    if x == id then return true end
  end
  return false
end

-- Where a monster may be put by a card (not by its own movement): a field
-- with no figure and no obstacle, not on the Path or in Argos (§4.4.4,
-- §4.4.6), not the closed Gate.
function M.free_for_monster(field)
  if #board.figures(field) > 0 or board.obstacle(field) then return false end
  if board.tagged(field, "path") or board.tagged(field, "multi_hero") then return false end
  return not (field == "gate" and not board.gate_open())
end

function M.free_fields(fields)
  local out = {}
  for _, f in ipairs(fields) do
    if M.free_for_monster(f) then out[#out + 1] = f end
  end
  return out
end

-- A monster brought into play by a card, as a summoned one (§4.7.6): its
-- starting lives, no steps yet, summoned this Lord turn.
function M.arrive(id, field)
  T.move(id, field)
  T.set(id, "wounds", 0)
  T.set(id, "max_life", T.def_get(T.def(id), "lives"))
  T.set(id, "steps", 0)
  T.set(id, "summoned_on", T.var("lord_turn"))
  T.log { "log.summoned", monster = id, field = names.of(field) }
end

-- Monsters of a type on the board, and tokens of it waiting in staging.
local function on_board(def)
  local n = 0
  for _, id in ipairs(board.all("monster")) do
    if T.def(id) == def then n = n + 1 end
  end
  for _, id in ipairs(T.zone("staging")) do
    if T.def(id) == def then n = n + 1 end
  end
  return n
end

-- A weak token of type `def` from the supply, if the type is below its cap
-- of `weak_type_cap` on the board (§6.7: the supply and the cap apply to
-- monsters a Ritual brings; without a token nothing comes).
function M.weak_token(def)
  if on_board(def) >= T.param("weak_type_cap") then return nil end
  for _, id in ipairs(T.zone("supply")) do
    if T.def(id) == def then return id end
  end
  return nil
end

-- The weak tokens of the supply that may come into play now, one per
-- token (a random draw from them is a random weak monster).
function M.weak_tokens()
  local out = {}
  for _, id in ipairs(T.zone("supply")) do
    if T.def_get(T.def(id), "weight") == "weak" and on_board(T.def(id)) < T.param("weak_type_cap") then
      out[#out + 1] = id
    end
  end
  return out
end

-- The fields next to `field` (physically: not across a Teleport).
function M.around(field)
  local out = {}
  for _, n in ipairs(T.adjacent(field)) do
    if reach.adjacent(field, n) then out[#out + 1] = n end
  end
  return out
end

return M
