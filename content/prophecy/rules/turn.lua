-- A character's turn (PB §4, WR §4.2): its start and end, which steps still
-- run, and the end-of-turn limits (PB §3.2). The variable `turn` is the
-- turn in progress: its seat and character, and what has happened in it.
local T = tabula
local board = require "rules.board"
local resources = require "rules.resources"
local names = require "rules.names"
local M = {}

function M.current() return T.var("turn") end

-- The rounds: at the start of each, the round limit may bring the
-- Apocalypse (the param and option `round_limit`, 0 = never).
function M.round_begin()
  local limit = T.option("round_limit") or T.param("round_limit")
  local round = T.var("round") or 1
  T.log({ "log.round", n = round })
  if limit > 0 and round > limit and not T.var("apocalypse") then
    local victory = require "rules.victory"
    victory.apocalypse("round_limit")
  end
end

-- A seat takes one turn a round, two after Calm Times (D-01); none once
-- its character is out of the game, nor while the channel `takes_turn`
-- {seat} (0: it takes none) says not: a rule that ends a round early (the
-- Heroic Solution's final battle begins with a new round, WR §3.5.7).
function M.seat_done(ctx)
  local char = board.character(ctx.seat)
  if char == nil or T.get(char, "out") then return true end
  if T.modify("takes_turn", 1, { seat = ctx.seat }) == 0 then return true end
  local st = T.var("seat_turns")
  if st == nil or st.seat ~= ctx.seat or st.round ~= T.var("round") then return false end
  return st.left <= 0
end

function M.start(ctx)
  local seat = ctx.seat
  local char = board.character(seat)
  local st = T.var("seat_turns")
  local extra = false
  if st == nil or st.seat ~= seat or st.round ~= T.var("round") then
    T.set_var("seat_turns", { seat = seat, round = T.var("round"), left = 0 })
  else
    st.left = st.left - 1
    extra = true
  end
  T.set_var("turn_count", (T.var("turn_count") or 0) + 1)
  T.set_var("turn", { seat = seat, char = char, n = T.var("turn_count"), over = false, moved = false,
                      no_chance = extra, extra = extra, pvp = false, monsters_done = false, space_done = false,
                      used = {} })
  T.log({ "log.turn", who = names.who(char), space = { "space." .. (board.where(char) or "out") } })
  T.emit("turn_started", { seat = seat, character = char })
  if T.var("apocalypse") then
    resources.lose_lives(char, T.param("apocalypse_life_loss"), "apocalypse")
  end
end

-- skip_if of the turn's steps: a step does not run once the turn is over
-- (a lost or drawn fight, PB §4), while the figure is off the ring (an
-- expansion's realm plays its own steps), and the chance card and movement
-- not twice (a second turn by Calm Times draws none, D-01).
function M.skip(ctx)
  local t = T.var("turn")
  if t == nil or t.over then return true end
  local char = t.char
  if T.get(char, "out") or not board.on_board(board.where(char)) then return true end
  local step = ctx.args.step
  if step == "chance" then return t.moved end
  if step == "move" then return t.moved end
  return false
end

function M.no_character()
  local t = T.var("turn")
  return t == nil or T.get(t.char, "out")
end

-- Limits (PB §3.2, D-15): items and abilities, checked at the end of the
-- turn; the channels `item_limit` and `ability_limit` let an expansion add
-- to them (WR §3.3.3: +1 per astral world).
function M.limit(what, seat)
  local base = T.option("longer") and T.param("longer_version_limit") or T.param(what .. "_limit")
  return T.modify(what .. "_limit", base, { seat = seat })
end

local function over_limit(seat)
  if T.count("items", seat) > M.limit("item", seat) then return "items" end
  if T.count("abilities", seat) > M.limit("ability", seat) then return "abilities" end
  return nil
end

function M.within_limits()
  local t = T.var("turn")
  return over_limit(t.seat) == nil
end

function M.discard()
  local t = T.var("turn")
  local zone = over_limit(t.seat)
  local options = {}
  for _, id in ipairs(T.zone(zone, t.seat)) do options[#options + 1] = { id = id, entity = id } end
  T.decide { seat = t.seat, prompt = zone == "items" and "turn.discard_item" or "turn.discard_ability",
             options = options, on_choice = M.discarded, args = { seat = t.seat } }
end

function M.discarded(ctx)
  local death = require "rules.death"
  T.log({ "log.discarded", who = names.who(board.character(ctx.args.seat)), card = ctx.choice })
  death.discard(ctx.choice)
end

-- The end of the turn: the caps of 15 gold and 15 experience (PB §3.2),
-- then the event `turn_ending` (an expansion picks up a Map Part), the
-- victory and the final battle (rules/victory.lua).
function M.finish()
  local t = T.var("turn")
  local seat = t.seat
  if not T.get(t.char, "out") then
    local lost = false
    for what, cap in pairs { gold = T.param("cap_gold"), exp = T.param("cap_exp") } do
      if (T.counter(seat, what) or 0) > cap then
        T.set_counter(seat, what, cap)
        lost = true
      end
    end
    if lost then T.log({ "log.capped", who = names.who(t.char) }) end
  end
  T.emit("turn_ending", { seat = seat, character = t.char })
  local victory = require "rules.victory"
  T.schedule(victory.after_turn, { seat = seat })
end

return M
