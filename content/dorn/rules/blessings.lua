-- H1, the heroes' Blessing cards: dorn.md §4.9, §6.8. Each hero player may
-- reveal the Blessings of his own heroes (a card's `hero`, face down in his
-- `blessings`); a revealed card resolves at once, so the cards
-- resolve in the order they are revealed (TV-43). The hero players are
-- asked in seat order until each has passed since the last card played.
-- Each card once; a hero plays only his own (TV-44). Its script's `play`
-- carries out its effect; `effects.start` keeps it in `in_effect` for as
-- long as it lasts. Helpers the Blessing scripts share are here too.
local T = tabula
local board = require "rules.board"
local effects = require "rules.effects"
local rituals = require "rules.rituals"
local reach = require "rules.reach"
local M = {}

M.data = rituals.data
M.is_in = rituals.is_in

-- The card of hero `h` still in his player's hand, or nil.
function M.card_of(h)
  for _, b in ipairs(T.zone("blessings", T.owner(h))) do
    if T.get(b, "hero") == T.def(h) then return b end
  end
  return nil
end
local card_of = M.card_of

-- A card that cannot be used now answers `blessing_blocked` with itself
-- (only entries that listen in the hand do); its hero is `M.hero_of(card)`.
local function blocked()
  local out = {}
  for _, card in ipairs(T.collect("blessing_blocked")) do out[card] = true end
  return out
end

-- The hero on the board whose Blessing `card` is, or nil.
function M.hero_of(card)
  local def = T.get(card, "hero")
  for _, h in ipairs(board.all("hero")) do
    if T.def(h) == def then return h end
  end
  return nil
end

-- The `extend` table of a card that cannot be played while `choices(hero,
-- card)` (what the card would offer its hero) is empty: it keeps itself out
-- of H1 through `blessing_blocked`.
function M.needs(choices)
  return {
    blessing_blocked = function(ctx)
      local h = M.hero_of(ctx.self)
      if T.where(ctx.self) == "blessings" and h and #choices(h, ctx.self) == 0 then return { ctx.self } end
      return nil
    end,
  }
end

local function options_of(seat)
  local out, no = {}, nil
  for _, h in ipairs(board.all("hero")) do
    local b = T.owner(h) == seat and card_of(h)
    if b then
      no = no or blocked()
      if not no[b] then
        -- The card as the option's entity: the player reads its text.
        out[#out + 1] = { id = T.def(h) .. ":" .. T.def(b), entity = b, label = { "blessing.play", hero = h, card = b } }
      end
    end
  end
  return out
end

-- Heroes away through a card played in an earlier turn (The Astral
-- Traveller) come back first: their card's `returns`.
local function returning()
  for _, e in ipairs(T.var("effects") or {}) do
    local d = e.data
    if d.away and d.away < T.var("lord_turn") and T.where(d.hero) == "astral" then return e.card end
  end
  return nil
end

-- The flow's hook (ctx.args nil), and again after each answer.
function M.offer(ctx)
  if not (ctx.args and ctx.args.again) then T.set_var("h1", { passed = {} }) end
  local back = returning()
  if back then
    T.call(back, "returns")
    T.schedule(M.offer, { again = true })
    return
  end
  local h1 = T.var("h1")
  for _, seat in ipairs(T.group("heroes")) do
    if not rituals.is_in(h1.passed, seat) then
      local options = options_of(seat)
      if #options > 0 then
        options[#options + 1] = { id = "pass", label = "blessing.pass" }
        T.decide { seat = seat, prompt = "blessing.prompt", options = options, on_choice = M.chosen, args = { seat = seat } }
        return
      end
      h1.passed[#h1.passed + 1] = seat
    end
  end
  T.set_var("h1", nil)
end

function M.chosen(ctx)
  if ctx.choice == "pass" then
    local passed = T.var("h1").passed
    passed[#passed + 1] = ctx.args.seat
  else
    local hero_def = ctx.choice:match("^([^:]+):")
    local h
    for _, x in ipairs(board.all("hero")) do
      if T.def(x) == hero_def then h = x end
    end
    local card = card_of(h)
    T.turn(card, true)
    T.log { "blessing.played", hero = h, card = card }
    effects.start(card, T.get(card, "lasts"), { hero = h, seat = ctx.args.seat })
    T.call(card, "play", { hero = h, seat = ctx.args.seat })
    T.var("h1").passed = {}
  end
  T.schedule(M.offer, { again = true })
end

-- Where a Blessing may put hero `h` (§4.4.6): a field he may stand on (no
-- other figure but heroes in Argos), no obstacle, not a Teleport (a Blessing
-- does not work through one), not the closed Gate.
function M.free_for_hero(h, field)
  if board.obstacle(field) or board.twin(field) then return false end
  if field == "gate" and not board.gate_open() then return false end
  return board.may_stop(h, field)
end

-- A hero put on a field by a Blessing: `entered` as after a step, with
-- `how` = "blessing" (a Treasure or Artifact there is his; Thorny Portals
-- counts steps only).
function M.put_hero(h, field)
  local from = board.field(h)
  T.move(h, field)
  T.emit("entered", { figure = h, field = field, from = from, how = "blessing" })
end

-- The monsters within `range` route steps of `h` (§6.8: "within N fields"
-- from the hero; the route never crosses a Teleport or an obstacle).
function M.monsters_within(h, range)
  local from, out = board.field(h), {}
  for _, m in ipairs(board.all("monster")) do
    local d = reach.route(from, board.field(m))
    if d and d <= range then out[#out + 1] = m end
  end
  return out
end

return M
