-- The Heroic Solution (WR §3.5.7, TV-66, TV-67). When the final battle
-- begins (the base's event `final_battle`, once the characters without an
-- artifact have dropped out):
--   1. the light and the dark die are rolled (again on a tie); the higher
--      one starts on the param `heroic_die_start` (the Magic Wasteland);
--   2. every character still in the battle secretly takes 0 to all of its
--      gold (simultaneous secret decisions; nobody with no gold is asked);
--   3. the die moves as many ring steps as the gold taken in all,
--      clockwise for the light die, counter-clockwise for the dark one
--      (board.step, D-13): that space is the battle site, and the gold is
--      discarded;
--   4. the site's cards are removed, every character moves there and
--      refills all its lives and magic;
--   5. the first player is the one that was closest to the site (D-22:
--      ring steps either way; off the circle, 1 + the distance of the
--      nearest adjacent ring space, the island's ports; unreachable, an
--      astral world: farthest); ties go to more gold taken, then to the
--      dice. The round in which the battle began ends there (the channel
--      `takes_turn`) and the next one starts with that player.
-- From then on (the variable `final_battle`): no chance card is drawn
-- (the channel `draws_chance`; before_chance options such as the Banner of
-- Doom still come), no figure moves (`may_move`: staying and what is done
-- instead of movement remain) and a character that can attack another
-- must (`must_attack`). The variable `heroic` keeps the dice, the site and
-- the round cut short.
local T = tabula
local board = require "rules.board"
local death = require "rules.death"
local dice = require "rules.dice"
local monsters = require "rules.monsters"
local movement = require "rules.movement"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

local SECRET = "heroic_gold"

-- Two different numbers: the light die first.
local function roll_both()
  while true do
    local light, dark = dice.roll(), dice.roll()
    if light ~= dark then return light, dark end
  end
end

function M.begin()
  local light, dark = roll_both()
  local die = light > dark and "light" or "dark"
  T.set_var("heroic", { die = die, light = light, dark = dark, round = T.var("round") or 0 })
  T.log({ "heroic.log.dice", light = light, dark = dark, die = { "heroic.die_" .. die },
          space = { "space." .. T.param("heroic_die_start") } })
  for _, c in ipairs(board.characters()) do
    local seat = T.owner(c)
    local gold = resources.gold(seat)
    if gold == 0 then
      T.set_secret(seat, SECRET, 0)
    else
      local options = {}
      for n = 0, gold do options[#options + 1] = n end
      T.decide { seat = seat, secret = true, prompt = { "heroic.take_gold", n = gold }, options = options,
                 label = "heroic.gold", on_choice = M.took, args = { seat = seat } }
    end
  end
  M.revealed()
end

function M.took(ctx)
  T.set_secret(ctx.args.seat, SECRET, ctx.choice)
  M.revealed()
end

-- Once every character in the battle has taken its gold, all is revealed.
function M.revealed()
  local given, total = {}, 0
  for _, c in ipairs(board.characters()) do
    local n = T.secret(T.owner(c), SECRET)
    if n == nil then return end
    given[T.owner(c)] = n
    total = total + n
  end
  for seat, n in pairs(given) do
    T.set_secret(seat, SECRET, nil)
    resources.add(seat, "gold", -n)
    T.log({ "heroic.log.gold", who = names.who(board.character(seat)), n = n })
  end
  local h = T.var("heroic")
  local site = board.step(T.param("heroic_die_start"), (h.die == "light" and 1 or -1) * total)
  h.site = site
  T.log({ "heroic.log.site", n = total, space = { "space." .. site } })
  M.battle(site, given)
end

-- D-22: ring steps to the site; a space off the circle counts 1 + the
-- distance of its nearest neighbour on the circle; nil: not reachable.
function M.distance(space, site)
  if board.on_ring(space) then return board.distance(space, site) end
  if not board.on_board(space) then return nil end
  local best
  for _, s in ipairs(T.adjacent(space)) do
    if board.on_ring(s) then
      local d = 1 + board.distance(s, site)
      if best == nil or d < best then best = d end
    end
  end
  return best
end

-- The closest character's seat: ties go to more gold given, then the dice
-- (each tied player rolls, again among the highest until one is left).
function M.first(site, given)
  local best, tied = nil, {}
  for _, c in ipairs(board.characters()) do
    local seat = T.owner(c)
    local d = M.distance(board.where(c), site) or math.maxinteger
    local key = { d, -given[seat] }
    if best == nil or key[1] < best[1] or (key[1] == best[1] and key[2] < best[2]) then
      best, tied = key, { seat }
    elseif key[1] == best[1] and key[2] == best[2] then
      tied[#tied + 1] = seat
    end
  end
  while #tied > 1 do
    local top, next_tied = 0, {}
    for _, seat in ipairs(tied) do
      local r = dice.roll()
      if r > top then top, next_tied = r, { seat } elseif r == top then next_tied[#next_tied + 1] = seat end
    end
    tied = next_tied
  end
  return tied[1]
end

function M.battle(site, given)
  local first = M.first(site, given)
  for _, id in ipairs(T.zone(site)) do
    local kind = T.kind(id)
    if kind == "adventure" then
      monsters.discard(id)
    elseif kind ~= "character" then
      death.discard(id)
    end
  end
  for _, c in ipairs(board.characters()) do
    if board.where(c) ~= site then movement.put(c, site, "heroic") end
    resources.heal(c, resources.max_lives(c), "heroic_solution")
    resources.restore_magic(c, resources.max_magic(c), "heroic_solution")
  end
  T.set_start_seat(first)
  T.log({ "heroic.log.first", who = names.who(board.character(first)) })
end

local function battle() return T.var("final_battle") == true end

M.on = {
  -- After what the battle's start does at once (WR §3.3.19 item 3: the
  -- Gate closes, its characters come out where their owners choose).
  final_battle_ready = function() M.begin() end,
}

M.modify = {
  -- The round in which the battle began ends with it.
  takes_turn = function(ctx)
    local h = T.var("heroic")
    if h and h.round == T.var("round") then return 0 end
    return ctx.args.amount
  end,
  draws_chance = function(ctx) return battle() and 0 or ctx.args.amount end,
  may_move = function(ctx) return battle() and 0 or ctx.args.amount end,
  must_attack = function(ctx) return battle() and 1 or ctx.args.amount end,
}

return M
