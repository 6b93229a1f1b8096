-- What the scripts of the adventures, items, abilities and artifacts share
-- (docs/contracts.md, prophecy): who holds a card, whether an opportunity
-- lies ready, what healing would do now, option ids that carry their card,
-- and asking for a space. Keeps nothing between calls.
local T = tabula
local board = require "rules.board"
local chance = require "rules.chance"
local death = require "rules.death"
local monsters = require "rules.monsters"
local movement = require "rules.movement"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

-- The character (and seat) holding a card in its seat's zones (items,
-- artifacts, abilities: the kinds listen only there), or nil.
function M.holder(card)
  local _, seat = T.where(card)
  if seat == nil then return nil end
  return board.character(seat), seat
end

-- Whether the card's holder is the character whose turn the args name.
function M.mine(ctx)
  local char = M.holder(ctx.self)
  return char ~= nil and char == ctx.args.character
end

-- An opportunity offers itself only face up on the character's space.
function M.lies_here(ctx)
  return T.where(ctx.self) == ctx.args.space and T.face_up(ctx.self)
end

-- An option's on_choice runs with the decision's self, not the card's, so
-- the id carries the card: "<def>:<card>" or "<def>:<card>:<extra>".
function M.option(card, label, fn, extra)
  local id = T.def(card) .. ":" .. card
  if extra ~= nil then id = id .. ":" .. extra end
  return { id = id, label = label, on_choice = fn }
end

-- The same for a movement card (the un-crossed boot): an option that moves
-- the figure, which a rule may forbid (the channel `may_move`).
function M.movement_option(card, label, fn, extra)
  local o = M.option(card, label, fn, extra)
  o.movement = true
  return o
end

-- The card and the extra part (an integer when it is one) of such an id.
function M.chosen(choice)
  local card, extra = tostring(choice):match("^[^:]+:(%d+):?(.*)$")
  if extra == "" then extra = nil end
  return math.tointeger(tonumber(card)), math.tointeger(tonumber(extra)) or extra
end

-- The lives and magic a heal of `lives` and `magic` would really give now:
-- the maximum caps them, and the channels may forbid it (the Apocalypse).
function M.would_heal(char, n, why)
  if (n or 0) <= 0 then return 0 end
  local room = resources.max_lives(char) - T.get(char, "lives")
  return math.max(0, math.min(room, T.modify("heal_lives", n, { character = char, why = why })))
end

function M.would_restore(char, n, why)
  if (n or 0) <= 0 then return 0 end
  local room = resources.max_magic(char) - T.get(char, "magic")
  return math.max(0, math.min(room, T.modify("restore_magic", n, { character = char, why = why })))
end

-- Whether +lives / +magic from `card` would change anything.
function M.helps(char, card, lives, magic)
  local why = T.def(card)
  return M.would_heal(char, lives, why) + M.would_restore(char, magic, why) > 0
end

-- The label "+n lives", "+n magic" or both, for a card that gives them.
function M.gain_label(card, lives, magic)
  if (lives or 0) > 0 and (magic or 0) > 0 then
    return { "card.use.both", card = card, lives = lives, magic = magic }
  end
  if (lives or 0) > 0 then return { "card.use.lives", card = card, n = lives } end
  return { "card.use.magic", card = card, n = magic }
end

-- Gives the lives and magic and logs what the character has now.
function M.refresh(char, card, lives, magic)
  local why = T.def(card)
  if (lives or 0) > 0 then resources.heal(char, lives, why) end
  if (magic or 0) > 0 then resources.restore_magic(char, magic, why) end
  T.log({ "card.effect.refreshed", card = card, who = names.who(char), lives = T.get(char, "lives"),
          magic = T.get(char, "magic") })
end

function M.used(char, card) T.log({ "card.effect.used", who = names.who(char), card = card }) end

-- Every space of the base board but `here` (an expansion's space off the
-- circle too: WR §3.4.5 item 6).
function M.other_spaces(here)
  local out = {}
  for _, s in ipairs(board.SPACES) do
    if s ~= here then out[#out + 1] = s end
  end
  return out
end

-- The spaces of the base board off the circle (an expansion's island), but `here`.
function M.off_circle(here)
  local out = {}
  for _, s in ipairs(board.SPACES) do
    if s ~= here and not board.on_ring(s) then out[#out + 1] = s end
  end
  return out
end

-- The ring spaces 1..n steps from `here`, either way, nearest first.
function M.within(here, n)
  if not board.on_ring(here) then return {} end
  local out, seen = {}, { [here] = true }
  for d = 1, n do
    for _, dir in ipairs { 1, -1 } do
      local s = board.step(here, d * dir)
      if not seen[s] then
        seen[s] = true
        out[#out + 1] = s
      end
    end
  end
  return out
end

-- Asks `seat` to which of `spaces` the card takes its character; `fn`
-- (a function value) gets ctx.args.card and the space as ctx.choice.
function M.ask_space(seat, card, spaces, fn)
  local options = {}
  for _, s in ipairs(spaces) do options[#options + 1] = { id = s, label = "space." .. s } end
  T.decide { seat = seat, prompt = { "card.effect.where", card = card }, options = options, on_choice = fn,
             args = { card = card } }
end

-- A movement card (the un-crossed boot): instead of the turn's movement,
-- its holder goes to one of the spaces `spaces(card, here)` names. The
-- option's text `label` gets {card, steps}. `opts.once`: once per turn
-- (the card's `used_on`); `opts.used_up`: the card leaves once used. The
-- card's script is `return C.travel(...)`: the Winged Boots, the Scroll of
-- Teleportation, the Royal Cloak, and expansions' cards.
function M.travel(label, spaces, opts)
  opts = opts or {}
  local card_module = {}
  function card_module.start(ctx)
    local t = T.var("turn")
    local card = M.chosen(ctx.choice)
    if opts.once then T.set(card, "used_on", t.n) end
    movement.done()
    M.ask_space(t.seat, card, spaces(card, board.where(t.char)), card_module.go)
  end
  function card_module.go(ctx)
    local t = T.var("turn")
    M.used(t.char, ctx.args.card)
    if opts.used_up then death.discard(ctx.args.card) end
    movement.put(t.char, ctx.choice, "card")
  end
  card_module.extend = {
    move_options = function(ctx)
      if not M.mine(ctx) then return nil end
      if opts.once and T.get(ctx.self, "used_on") == T.var("turn").n then return nil end
      if #spaces(ctx.self, ctx.args.space) == 0 then return nil end
      local label_text = { label, card = ctx.self, steps = T.get(ctx.self, "effect").steps }
      return { M.movement_option(ctx.self, label_text, card_module.start) }
    end,
  }
  return card_module
end

-- An opportunity that takes one of the character's items (artifacts lie
-- apart) for `value(card, seat, item)` of `what` ("gold" or "exp"); an item
-- worth nothing is not offered, so with none it offers nothing ("cannot be
-- used empty"). `offer` and `done` are the option's and the log line's text
-- keys (they get {card, item, who, <what>}); `after(turn, item)` runs
-- before the item goes. The card's script is `return C.barter(...)`: the
-- Collector, the Imp, the Hermit.
function M.barter(what, value, offer, done, after)
  local card_module = {}
  function card_module.take(ctx)
    local t = T.var("turn")
    local card, item = M.chosen(ctx.choice)
    local n = value(card, t.seat, item)
    resources.add(t.seat, what, n)
    T.log({ done, who = names.who(t.char), item = item, card = card, [what] = n })
    if after then after(t, item) end
    death.discard(item)
    monsters.discard(card)
  end
  card_module.extend = {
    space_options = function(ctx)
      if not M.lies_here(ctx) then return nil end
      local out = {}
      for _, it in ipairs(T.zone("items", ctx.args.seat)) do
        local n = value(ctx.self, ctx.args.seat, it)
        if n > 0 then out[#out + 1] = M.option(ctx.self, { offer, card = ctx.self, item = it, [what] = n }, card_module.take, it) end
      end
      return out
    end,
  }
  return card_module
end

-- An artifact used in its holder's chance phase, once per turn (`used_on`
-- = the turn's number): every other character on the base board loses
-- effect[what] lives or magic (`what`; one with no magic is spared). The
-- Banner of Doom, the Ceremonial Sceptre. Its option replaces the phase's
-- "draw" answer, so the draw is asked again after it, once the deaths it
-- may cause are dealt with. `offer` and `done`: the option's and the log's
-- text keys ({card, n} and {card, who}).
function M.wave(what, offer, done)
  local card_module = {}
  local function victims(holder)
    local out = {}
    for _, c in ipairs(board.characters()) do
      if c ~= holder and board.on_board(board.where(c)) and (what == "lives" or T.get(c, "magic") > 0) then
        out[#out + 1] = c
      end
    end
    return out
  end
  function card_module.use(ctx)
    local t = T.var("turn")
    local card = M.chosen(ctx.choice)
    local n = T.get(card, "effect")[what]
    T.set(card, "used_on", t.n)
    T.log({ done, card = card, who = names.who(t.char) })
    for _, c in ipairs(victims(t.char)) do
      if what == "lives" then resources.lose_lives(c, n, T.def(card)) else resources.lose_magic(c, n) end
    end
    T.schedule(chance.draw)
  end
  card_module.extend = {
    before_chance = function(ctx)
      if not M.mine(ctx) or T.get(ctx.self, "used_on") == T.var("turn").n or #victims(ctx.args.character) == 0 then
        return nil
      end
      return { M.option(ctx.self, { offer, card = ctx.self, n = T.get(ctx.self, "effect")[what] }, card_module.use) }
    end,
  }
  return card_module
end

-- Once per round, the first lives the holder would lose are not lost
-- (Ring of Protection, Amulet of Inviolability; the round in `used_on`).
-- A price paid on purpose is no loss to ward off (work, D-14; the
-- Purifying Fire), and neither is the Apocalypse, which must end every
-- game (D-23).
local UNWARDED = { work = true, purifying_fire = true, apocalypse = true }

function M.ward(ctx)
  local a = ctx.args
  local char = M.holder(ctx.self)
  local round = T.var("round") or 0
  if a.amount <= 0 or char ~= a.character or UNWARDED[a.cause] or T.get(ctx.self, "used_on") == round then
    return a.amount
  end
  T.set(ctx.self, "used_on", round)
  local saved = math.min(a.amount, T.get(ctx.self, "effect").lives)
  T.log({ "card.protection.saved", card = ctx.self, who = names.who(char), n = saved })
  return a.amount - saved
end

return M
