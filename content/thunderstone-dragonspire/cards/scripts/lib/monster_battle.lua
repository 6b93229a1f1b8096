-- What the monsters' Battle effects, Breaches and the Draconic Traps share
-- (§5.6, §6.5, §6.7): gaining Diseases, and destroying cards one pick at a
-- time ("destroy 1 Militia", "2 Heroes with Strength 4 or less", "all
-- Heroes but the 2 strongest").
--
-- A destruction is a list of jobs, run in order; each job is data (it goes
-- through the decisions' args), so a card's script only says what to
-- destroy:
--   { seat =, n =, pick = <selector>, prompt = <text>, how = "mark" | "now",
--     zone = "play" | "hand", ... the selector's own fields }
-- `how = "mark"` (the default) marks the active player's card: it fights on
-- until the end of the battle (§5.6); "now" destroys at once (Medusa's first
-- clause, other players' cards). With `keep = true` the picks are the cards
-- that survive: after n of them every other card the selector's `among`
-- gives is destroyed (Titan). The player picks among ties (OQ-36); a card
-- already marked is not picked again (a repeated effect, Guardian of
-- Torment, takes another), and a Disease never is: a Battle effect that
-- does not name Diseases cannot take one (§5.6 best reading).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local list = require "std.list"
local M = {}

-- --- Diseases ---------------------------------------------------------------

function M.diseases(seat, n)
  for _ = 1, n do C.gain_disease(seat) end
end

-- "All players" includes the active player (OQ-37).
function M.all_diseases(n)
  for seat = 1, T.seats() do M.diseases(seat, n) end
end

-- "Each other player" does not.
function M.others_diseases(seat, n)
  for _, s in ipairs(C.others(seat)) do M.diseases(s, n) end
end

-- --- the cards a job may take ---------------------------------------------

-- A hero's Strength: in the active player's party as the battle reads it,
-- elsewhere (another player's hand, a deck) as printed.
function M.strength(card)
  if C.in_play(card) and T.owner(card) == C.active() then return battle.strength(card) end
  return T.get(card, "strength")
end

-- The cards of a seat's zone a job may destroy: not marked, not Diseases.
local function pool(job)
  local out = {}
  for _, c in ipairs(T.zone(job.zone or "play", job.seat)) do
    if not C.is_marked(c) and not T.has_tag(c, "disease") then out[#out + 1] = c end
  end
  return out
end

local filter = list.filter
local extreme = E.extremes

local function weight(c) return T.get(c, "weight") or 0 end
local function gold(c) return C.gold(c) or -1 end

local function has_edged_weapon(hero)
  for _, w in ipairs(battle.weapons_of(hero)) do
    if C.in_play(w) and T.has_tag(w, "edged") then return true end
  end
  return false
end

-- Hydra: each player reveals `reveal` Heroes and destroys the strongest of
-- them. Which Hero he loses is his choice as far as the reveal allows: a
-- Hero can be the strongest of some `reveal` Heroes exactly when at least
-- `reveal` − 1 others are not stronger (all of them when he has fewer).
local function hydra(cards, job)
  local heroes = filter(cards, C.is_hero)
  local need = math.min(job.reveal, #heroes) - 1
  return filter(heroes, function(h)
    local weaker = 0
    for _, g in ipairs(heroes) do
      if g ~= h and M.strength(g) <= M.strength(h) then weaker = weaker + 1 end
    end
    return weaker >= need
  end)
end

-- Selectors: what a job's `pick` names. Each gives the candidates of the
-- next pick (`cards`: the seat's pool less what the job kept).
local PICK = {
  any = function(cards) return cards end,
  tag = function(cards, job)
    return filter(cards, function(c)
      for _, t in ipairs(job.tags) do if T.has_tag(c, t) then return true end end
      return false
    end)
  end,
  heroes = function(cards) return filter(cards, C.is_hero) end,
  weakest = function(cards) return extreme(filter(cards, C.is_hero), M.strength, false) end,
  strongest = function(cards) return extreme(filter(cards, C.is_hero), M.strength, true) end,
  strength_at_most = function(cards, job)
    return filter(cards, function(c) return C.is_hero(c) and M.strength(c) <= job.max end)
  end,
  weapons = function(cards) return filter(cards, function(c) return T.has_tag(c, "weapon") end) end,
  lightest_weapon = function(cards)
    return extreme(filter(cards, function(c) return T.has_tag(c, "weapon") end), weight, false)
  end,
  heaviest_weapon = function(cards)
    return extreme(filter(cards, function(c) return T.has_tag(c, "weapon") end), weight, true)
  end,
  richest_village = function(cards) return extreme(filter(cards, C.is_village), gold, true) end,
  without_edged = function(cards)
    return filter(cards, function(c) return C.is_hero(c) and not has_edged_weapon(c) end)
  end,
  hydra = hydra,
}

local function contains(items, x)
  for _, y in ipairs(items or {}) do if y == x then return true end end
  return false
end

local function candidates(job)
  local cards = filter(pool(job), function(c) return not contains(job.kept, c) end)
  return PICK[job.pick](cards, job)
end

-- --- destroying ---------------------------------------------------------------

-- Destroys a card at once; a card may save itself (`instead_of_destroy`,
-- Guardian Blade), as at the end of a battle.
function M.destroy_now(card)
  local instead = T.collect("instead_of_destroy", { card = card })
  if instead[1] == "discard" then
    C.discard(card)
    T.log { "log.saved", card = card }
  else
    C.destroy(card)
  end
end

local function hit(job, card)
  if job.how == "now" then M.destroy_now(card) else C.mark(card) end
end

-- A keep job is over: every card of its `among` selector that was not kept
-- is destroyed.
local function finish(job)
  if not job.keep then return end
  for _, c in ipairs(PICK[job.among](filter(pool(job), function(c) return not contains(job.kept, c) end), job)) do
    hit(job, c)
  end
end

-- A pick made: the card is kept (a keep job) or destroyed.
local function take(job, card)
  if job.keep then
    job.kept = job.kept or {}
    job.kept[#job.kept + 1] = card
  else
    hit(job, card)
  end
  job.n = job.n - 1
end

-- Runs the jobs until a pick needs the player: when no more candidates are
-- left than the job still takes, it takes them all without asking.
local function advance(jobs)
  while #jobs > 0 do
    local job = jobs[1]
    local cards = job.n > 0 and candidates(job) or {}
    if #cards == 0 then
      finish(job)
      table.remove(jobs, 1)
    elseif #cards <= job.n then
      for _, c in ipairs(cards) do take(job, c) end
    else
      E.pick { seat = job.seat, cards = cards, prompt = job.prompt, then_fn = M.picked, args = { jobs = jobs } }
      return
    end
  end
end

local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end

function M.picked(ctx)
  local jobs = copy(ctx.args.jobs)
  take(jobs[1], E.picked(ctx))
  advance(jobs)
end

-- Runs a list of jobs, asking each job's seat to pick where there is a choice.
function M.run(jobs) advance(copy(jobs)) end

-- One job.
function M.destroy(job) M.run { job } end

-- Destroys at once every card that passes the selector (no choice to make).
function M.destroy_all(job)
  for _, c in ipairs(PICK[job.pick](pool(job), job)) do hit(job, c) end
end

-- --- decks --------------------------------------------------------------------

-- Reveals up to n cards from the top of a seat's deck (§4.0: when the deck
-- runs out, the shuffled discard pile becomes the deck) into the seat's
-- play zone, where everybody sees them; the caller puts each where it
-- belongs before its hook returns (other players' play zones are empty
-- during the active player's turn).
function M.reveal(seat, n)
  return C.draw(seat, n, "play")
end

-- Puts revealed cards back on top of the deck, in the order they were.
function M.put_back(seat, cards)
  for i = #cards, 1, -1 do T.move(cards[i], "deck", seat, "front") end
end

-- Whether the seat reveals a Thief: in play (the active player's revealed
-- hand) or in hand.
function M.thief(seat)
  for _, z in ipairs({ "play", "hand" }) do
    for _, c in ipairs(T.zone(z, seat)) do
      if C.is_hero(c) and T.has_tag(c, "thief") then return c end
    end
  end
  return nil
end

-- --- treasures -----------------------------------------------------------------

-- The card a treasure holds aside (Emerald Dragon's hidden card, Sapphire
-- Dragon's Monster): the card whose property `under` is the treasure and
-- which still lies aside; nil when none. The link is kept on that card,
-- which only those who see it read: a public table of ids would tell every
-- seat which card lies face down under an Emerald Dragon.
function M.under(treasure)
  for seat = 1, T.seats() do
    for _, c in ipairs(T.zone("aside", seat)) do
      if T.get(c, "under") == treasure then return c end
    end
  end
  return nil
end

function M.set_under(treasure, card)
  T.set(card, "under", treasure)
end

function M.is_monster(card)
  local t = C.type(card)
  return t == "monster" or t == "guardian"
end

return M
