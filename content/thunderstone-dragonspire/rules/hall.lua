-- The Dungeon Hall (§3.4, §5.9, §5.10): ranks 1–3 hold one card each, Rank
-- 1 farthest from the deck; cards move toward Rank 1 and the deck refills
-- Rank 3. Traps resolve as they come up, treasures go to the active player,
-- a monster that enters Rank 1 breaches once, a Guardian's breach takes it
-- to Rank 0. The Thunderstone in Rank 1 ends the game at once.
--
-- A refill may hand control to a card (a trap, a breach) that asks its
-- player something, so it runs in steps: each step does what it can, and
-- when it hands a card a step it schedules itself to go on afterwards.
local T = tabula
local C = require "rules.cards"
local score = require "rules.score"
local reactions = require "rules.reactions"
local M = {}

local RANKS = T.param("ranks")

function M.at(rank) return T.zone("rank" .. rank)[1] end

-- The rank a card is in (0–3), or nil when it is not in the Dungeon.
function M.rank_of(card)
  local z = T.where(card)
  if z == "rank0" then return 0 end
  for r = 1, RANKS do if z == "rank" .. r then return r end end
  return nil
end

local function is_fightable(c)
  local t = C.type(c)
  return t == "monster" or t == "guardian"
end

-- The monsters a player may attack (§5.2 step 0): those in the Hall and
-- the Guardians in Rank 0, Rank 0 first.
function M.monsters()
  local out = {}
  for r = 0, RANKS do
    for _, c in ipairs(T.zone("rank" .. r)) do
      if is_fightable(c) then out[#out + 1] = c end
    end
  end
  return out
end

-- Moves every card toward Rank 1 over the empty ranks; returns the cards
-- that entered Rank 1.
local function compact()
  local entered = {}
  for r = 1, RANKS - 1 do
    if not M.at(r) then
      for above = r + 1, RANKS do
        local c = M.at(above)
        if c then
          T.move(c, "rank" .. r)
          if r == 1 then entered[#entered + 1] = c end
          break
        end
      end
    end
  end
  return entered
end

local function full()
  for r = 1, RANKS do if not M.at(r) then return false end end
  return true
end

-- §3.4: at setup, traps and treasures go to the bottom of the deck until
-- three monsters stand in the Hall; no breach (§2.4). Then the game is set
-- up: the event game_set_up lets a layer add its own setup work.
function M.populate()
  M.fill_at_setup()
  T.emit("game_set_up")
end

function M.fill_at_setup()
  local guard = T.count("dungeon") + RANKS
  while guard > 0 do
    guard = guard - 1
    compact()
    for r = 1, RANKS do
      local c = M.at(r)
      if c and (C.type(c) == "trap" or C.type(c) == "treasure") then T.move(c, "dungeon", nil, "back") end
    end
    compact()
    if full() then return end
    local top = T.zone("dungeon")[1]
    if not top then return end
    for r = 1, RANKS do
      if not M.at(r) then
        T.move(top, "rank" .. r)
        break
      end
    end
  end
end

-- Starts a refill for the active seat (§5.9.1): after a battle, or after an
-- effect took a card out of the Hall.
function M.refill(seat)
  T.schedule(M.step, { seat = seat })
end

local function queue_breaches(cards)
  local turn = C.turn()
  for _, c in ipairs(cards) do
    if is_fightable(c) then turn.breaches[#turn.breaches + 1] = c end
  end
end

local function thunderstone_in_rank1()
  local c = M.at(1)
  return c and C.type(c) == "thunderstone" and c or nil
end

function M.step(ctx)
  local seat = ctx.args.seat
  local turn = C.turn()
  while true do
    queue_breaches(compact())
    local ts = thunderstone_in_rank1()
    if ts then return score.thunderstone_reached(ts, seat) end
    if M.at(RANKS) then break end
    local c = T.zone("dungeon")[1]
    if not c then break end                -- OQ-17: the deck ran out; the rank stays empty
    T.move(c, "rank" .. RANKS)
    local t = C.type(c)
    T.log { t == "trap" and "log.trap" or "log.revealed", card = c, rank = RANKS }
    if t == "trap" then
      -- §5.9.3: a trap resolves at once, then is destroyed (unless its
      -- script keeps it), and the refill goes on.
      if T.handles(c, "trap") then
        local seats = { seat }
        for _, s in ipairs(C.others(seat)) do seats[#seats + 1] = s end
        reactions.guard("avoids_trap", c, seats, M.spring, { seat = seat, trap = c })
      end
      T.schedule(M.trap_done, { seat = seat, trap = c })
      return
    elseif t == "treasure" then
      -- §5.9.4: the active player sets it aside, face up.
      T.set_owner(c, seat)
      T.move(c, "aside", seat)
      T.log { "log.treasure", seat = seat, card = c }
    end
  end
  -- §5.9.2: traps before breaches; a breach may empty a rank: refill again.
  while #turn.breaches > 0 do
    local c = table.remove(turn.breaches, 1)
    if M.rank_of(c) == 1 then
      if C.type(c) == "guardian" then
        T.move(c, "rank0")      -- §5.9.5
        T.log { "log.guardian_breach", card = c }
        if T.handles(c, "breach") then T.call(c, "breach", { seat = seat }) end
        T.schedule(M.step, { seat = seat })
        return
      elseif T.handles(c, "breach") then
        T.log { "log.breach", card = c }
        T.call(c, "breach", { seat = seat })
        T.schedule(M.step, { seat = seat })
        return
      end
    end
  end
end

function M.spring(ctx) T.call(ctx.args.trap, "trap", { seat = ctx.args.seat }) end

function M.trap_done(ctx)
  local c = ctx.args.trap
  if M.rank_of(c) then
    C.destroy(c)
  end
  M.step(ctx)
end

-- Takes a monster out of the Hall to the bottom of the deck (a lost
-- battle, a card effect); Guardians and "must be defeated" monsters stay
-- (§5.5, §5.9.5). Returns whether it left.
function M.to_bottom(card)
  if C.type(card) == "guardian" or T.get(card, "must_defeat") then return false end
  T.move(card, "dungeon", nil, "back")
  return true
end

return M
