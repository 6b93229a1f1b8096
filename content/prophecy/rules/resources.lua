-- Lives, magic, gold and experience (PB §3.2): the cubes, coins and tokens
-- of a character. Every change goes through here, so that the Apocalypse
-- (no healing), cards that save a life and death (PB §5.3) apply to all.
local T = tabula
local names = require "rules.names"
local M = {}

function M.gold(seat) return T.counter(seat, "gold") or 0 end
function M.exp(seat) return T.counter(seat, "exp") or 0 end

function M.add(seat, what, n)
  local v = math.max(0, (T.counter(seat, what) or 0) + n)
  T.set_counter(seat, what, v)
  return v
end

-- Pays n gold (or exp) if the seat has it; false otherwise.
function M.pay(seat, what, n)
  if n <= 0 then return true end
  if (T.counter(seat, what) or 0) < n then return false end
  M.add(seat, what, -n)
  return true
end

-- Maximum lives and magic: the printed values plus raises.
function M.max_lives(char) return T.get(char, "max_strength") end
function M.max_magic(char) return T.get(char, "max_willpower") end
function M.wounded(char) return T.get(char, "lives") < M.max_lives(char) end
function M.spent_magic(char) return T.get(char, "magic") < M.max_magic(char) end

-- Heals up to n lives, never above the maximum; the channel `heal_lives`
-- lets a rule or a card change the amount (the Apocalypse: none). Returns
-- the lives healed.
function M.heal(char, n, why)
  n = T.modify("heal_lives", n, { character = char, why = why or "" })
  local now = T.get(char, "lives")
  local to = math.min(M.max_lives(char), now + n)
  if to > now then T.set(char, "lives", to) end
  return math.max(0, to - now)
end

function M.restore_magic(char, n, why)
  n = T.modify("restore_magic", n, { character = char, why = why or "" })
  local now = T.get(char, "magic")
  local to = math.min(M.max_magic(char), now + n)
  if to > now then T.set(char, "magic", to) end
  return math.max(0, to - now)
end

-- Whether healing would do anything now (wounded, and no rule forbids it).
function M.can_heal(char)
  return M.wounded(char) and T.modify("heal_lives", 1, { character = char, why = "" }) > 0
end

-- Spends n magic if the character has it.
function M.spend_magic(char, n)
  if T.get(char, "magic") < n then return false end
  T.set(char, "magic", T.get(char, "magic") - n)
  return true
end

function M.lose_magic(char, n)
  local now = T.get(char, "magic")
  T.set(char, "magic", math.max(0, now - n))
  return now - T.get(char, "magic")
end

-- Loses n lives (the channel `life_loss` lets a card save some). At 0
-- lives the character dies (the seed's reading, WR §2.5 K-2): the event
-- `died` {character, seat, cause, killer} runs the death procedure
-- (rules/death.lua). Returns the lives lost.
function M.lose_lives(char, n, cause, killer)
  if n <= 0 or T.get(char, "out") then return 0 end
  n = T.modify("life_loss", n, { character = char, cause = cause or "" })
  if n <= 0 then return 0 end
  local now = T.get(char, "lives")
  local to = math.max(0, now - n)
  T.set(char, "lives", to)
  T.log({ "log.lives_lost", who = names.who(char), n = now - to, left = to })
  if to == 0 then
    local death = require "rules.death"
    death.die(char, cause or "", killer)
  end
  return now - to
end

-- Raises the printed strength or willpower by one (a reward), within
-- max_strength / max_willpower; the new cube comes on the right.
function M.raise(char, what)
  if what == "strength" then
    if T.get(char, "max_strength") >= T.param("max_strength") then return false end
    T.add(char, "max_strength", 1)
    T.add(char, "lives", 1)
  else
    if T.get(char, "max_willpower") >= T.param("max_willpower") then return false end
    T.add(char, "max_willpower", 1)
    T.add(char, "magic", 1)
  end
  T.log({ "log.raised", who = names.who(char), what = { "word." .. what } })
  return true
end

-- Fills a character's cubes for the start of play.
function M.fresh(char, lives_spent, magic_spent)
  T.set(char, "max_strength", T.get(char, "strength"))
  T.set(char, "max_willpower", T.get(char, "willpower"))
  T.set(char, "lives", math.max(1, T.get(char, "strength") - (lives_spent or 0)))
  T.set(char, "magic", math.max(0, T.get(char, "willpower") - (magic_spent or 0)))
end

return M
