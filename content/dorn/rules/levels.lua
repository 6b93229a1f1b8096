-- Experience and levels, dorn.md §4.11: the heroes' level-ups at the end of
-- their turn (H5), paid with the tokens they hold as XP (zone `trophies`,
-- `held_by` = the hero, worth the monster's `xp`); Zorkal's in L6, paid with
-- Blood Drops; and the Lord's exchange of a hero's tokens when the supply
-- lacks a weak type (§4.7.4).
local T = tabula
local board = require "rules.board"
local wounds = require "rules.wounds"
local M = {}

local LORD = 1

local function xp_of(token) return T.def_get(T.def(token), "xp") end

-- The tokens a hero holds, in zone order.
function M.tokens(hero)
  local out = {}
  for _, id in ipairs(T.zone("trophies")) do
    if T.get(id, "held_by") == hero then out[#out + 1] = id end
  end
  return out
end

function M.xp(hero)
  local n = 0
  for _, t in ipairs(M.tokens(hero)) do n = n + xp_of(t) end
  return n
end

-- A token given back: a weak one to the supply, a strong one to the bag
-- (OQ-26).
local function give_back(token)
  T.set(token, "held_by", 0)
  T.move(token, T.def_get(T.def(token), "weight") == "strong" and "bag" or "supply")
end

-- Weak tokens worth 1 XP in the supply, front first, not of type `except`.
local function supply_weak(n, except)
  local out = {}
  for _, id in ipairs(T.zone("supply")) do
    if #out == n then break end
    if T.def(id) ~= except and T.def_get(T.def(id), "weight") == "weak" and xp_of(id) == 1 then out[#out + 1] = id end
  end
  return out
end

-- Pays exactly `cost` XP from the hero's tokens: the most valuable first,
-- then, if a strong token is left while 1 XP is still owed, it is changed
-- for weak tokens with the supply (TV-26). Without enough weak tokens in the
-- supply to change it, it is paid whole.
local function pay(hero, cost)
  local tokens = M.tokens(hero)
  table.sort(tokens, function(a, b)
    if xp_of(a) ~= xp_of(b) then return xp_of(a) > xp_of(b) end
    return a < b
  end)
  local owed, left = cost, {}
  for _, t in ipairs(tokens) do
    if xp_of(t) <= owed then
      owed = owed - xp_of(t)
      give_back(t)
    else
      left[#left + 1] = t
    end
  end
  if owed == 0 then return end
  local big = left[#left]                       -- the smallest token above what is owed
  local change = supply_weak(xp_of(big))
  give_back(big)
  if #change < xp_of(big) then return end
  for i = owed + 1, #change do                  -- the change he keeps; the rest pays
    T.move(change[i], "trophies")
    T.set(change[i], "held_by", hero)
  end
end

-- The figure goes up one level. Its maximum lives follow its card (a
-- variant's extra life stays); if the maximum rose, its current lives rise
-- by `level_up_heal` (1), never above the new maximum, whatever the rise.
local function raise(figure)
  local lives = T.def_get(T.def(figure), "lives")
  local level = T.get(figure, "level") + 1
  local rise = lives[level] - lives[level - 1]
  local now = board.life(figure)
  T.set(figure, "level", level)
  if rise > 0 then
    local max = T.get(figure, "max_life") + rise
    T.set(figure, "max_life", max)
    T.set(figure, "wounds", max - math.min(max, now + T.param("level_up_heal")))
  end
  T.log { "levels.up", figure = figure, level = level }
  T.emit("level_up", { figure = figure, level = level })
end

-- H5 (§4.11.1): each hero with enough XP pays `hero_level_xp` for his next
-- level, both thresholds in one end of turn if he can (OQ-22). At the top
-- level he keeps no tokens.
function M.heroes()
  local costs, top = T.param("hero_level_xp"), T.param("level_max")
  for _, hero in ipairs(board.all("hero")) do
    while T.get(hero, "level") < top and M.xp(hero) >= costs[T.get(hero, "level")] do
      pay(hero, costs[T.get(hero, "level")])
      raise(hero)
    end
    if T.get(hero, "level") >= top then
      for _, t in ipairs(M.tokens(hero)) do give_back(t) end
    end
  end
end

-- L6 (b) (§4.11.2, OQ-09): the Lord may raise Zorkal a level for
-- `zorkal_level_blood` Blood Drops, again while he can pay.
function M.zorkal()
  local z = board.all("lord_figure")[1]
  if not z or T.get(z, "level") >= T.param("level_max") then return end
  local level = T.get(z, "level")
  local cost = T.param("zorkal_level_blood")[level]
  if T.counter(LORD, "blood") < cost then return end
  T.decide { seat = LORD, prompt = { "levels.zorkal_prompt", level = level + 1, cost = cost },
             options = { { id = "level_up", label = { "levels.zorkal_up", level = level + 1, cost = cost } },
                         { id = "keep", label = "levels.keep" } },
             on_choice = M.zorkal_chosen, args = { figure = z, cost = cost } }
end

function M.zorkal_chosen(ctx)
  if ctx.choice ~= "level_up" then return end
  wounds.add_blood(-ctx.args.cost)
  raise(ctx.args.figure)
  M.zorkal()
end

-- §4.7.4, TV-65: when the supply has no token of weak type `m`, the Lord may
-- take one from a hero's XP and give him a supply token of another type
-- worth the same. One entry per hero holding such a token: {token, hero}.
function M.exchangeable(m)
  local out, seen = {}, {}
  if #supply_weak(1, m) == 0 then return out end
  for _, id in ipairs(T.zone("trophies")) do
    local hero = T.get(id, "held_by")
    if T.def(id) == m and xp_of(id) == 1 and not seen[hero] then
      seen[hero] = true
      out[#out + 1] = { token = id, hero = hero }
    end
  end
  return out
end

-- Makes the exchange with `hero`; returns the token taken, now in the supply.
function M.exchange(m, hero)
  for _, x in ipairs(M.exchangeable(m)) do
    if x.hero == hero then
      local other = supply_weak(1, m)[1]
      T.move(other, "trophies")
      T.set(other, "held_by", hero)
      give_back(x.token)
      T.log { "levels.exchanged", hero = hero, token = x.token, other = other }
      return x.token
    end
  end
  error("levels.exchange: hero #" .. tostring(hero) .. " holds no " .. tostring(m) .. " token to exchange", 2)
end

return M
