-- Which artifacts lie in the spheres (WR §3.2.2): the game option
-- `artifact_selection`, else the param of that name, picks one of six ways
-- from the param `artifacts` (the base five and the new five):
--   random5         (a) five of them at random
--   paired          (b) one of each pair of the param `artifact_pairs`
--   agreed          (c) the five of the option `agreed`
--   exclude_random  (d) five at random, none of the option `exclude`
--   new_only        (e) the param `new_artifacts`
--   ten             (f) all of them, two in each sphere: the conqueror
--                       keeps one and a Clairvoyant Dream turns both up
--                       (rules/spheres.lua does both)
-- The answer to the base's extension point `deal_artifacts` {pool} is one
-- list of artifacts per sphere, in random sphere order; the artifacts not
-- dealt are never created (put away unseen).
--
-- And the Crown of the Ancient Kings' free abilities (WR D-29): a
-- character holding an item or artifact whose effect says
-- `no_ability_gold` pays no gold for an ability of another guild (the
-- base's channel `ability_gold`, rules/guilds.lua). It lives here, not in
-- a script of the card, because docs/contracts.md lists the hooks of the
-- base game's item scripts, and none of them has this one.
local T = tabula
local board = require "rules.board"
local gear = require "rules.gear"
local chance = require "std.chance"
local M = {}

local function shuffled(list) return (chance.draw("artifact", list, #list)) end

local function set_of(list)
  local s = {}
  for _, v in ipairs(list) do s[v] = true end
  return s
end

-- The ids of an option or param list, each one an artifact of the pool,
-- none twice.
local function checked(list, name, pool)
  local known, seen = set_of(pool), {}
  for _, id in ipairs(list or {}) do
    if not known[id] then error(name .. ": '" .. tostring(id) .. "' is not one of the param artifacts", 0) end
    if seen[id] then error(name .. ": '" .. id .. "' is named twice", 0) end
    seen[id] = true
  end
  return list or {}
end

local function exactly(list, name, n)
  if #list ~= n then error(name .. ": names " .. #list .. " artifacts, the spheres take " .. n, 0) end
  return list
end

-- One per sphere, in random order.
local function one_each(chosen)
  local dealt = {}
  for i, a in ipairs(shuffled(chosen)) do dealt[i] = { a } end
  return dealt
end

local MODES = {}

function MODES.random5(pool, n)
  local order = shuffled(pool)
  return one_each({ table.unpack(order, 1, math.min(n, #order)) })
end

function MODES.paired(pool)
  local known, chosen = set_of(pool), {}
  for _, pair in ipairs(T.param("artifact_pairs")) do
    local present = {}
    for _, a in ipairs(pair) do
      if known[a] then present[#present + 1] = a end
    end
    if #present > 0 then chosen[#chosen + 1] = T.chance("paired_artifact", present) end
  end
  return one_each(chosen)
end

function MODES.agreed(pool, n)
  return one_each(exactly(checked(T.option("agreed"), "option agreed", pool), "option agreed", n))
end

function MODES.exclude_random(pool, n)
  local out = set_of(checked(T.option("exclude"), "option exclude", pool))
  local rest = {}
  for _, a in ipairs(pool) do
    if not out[a] then rest[#rest + 1] = a end
  end
  if #rest < n then error("option exclude: leaves " .. #rest .. " artifacts, the spheres take " .. n, 0) end
  return MODES.random5(rest, n)
end

function MODES.new_only(pool, n)
  return one_each(exactly(checked(T.param("new_artifacts"), "param new_artifacts", pool), "param new_artifacts", n))
end

-- All of them, dealt round the spheres: with ten, two in each.
function MODES.ten(pool, n)
  local dealt = {}
  for i, a in ipairs(shuffled(pool)) do
    local sphere = (i - 1) % n + 1
    dealt[sphere] = dealt[sphere] or {}
    table.insert(dealt[sphere], a)
  end
  return dealt
end

M.extend = {
  deal_artifacts = function(ctx)
    local mode = T.option("artifact_selection") or T.param("artifact_selection")
    if MODES[mode] == nil then
      error("artifact_selection: unknown mode '" .. tostring(mode)
            .. "' (random5, paired, agreed, exclude_random, new_only, ten)", 0)
    end
    return MODES[mode](ctx.args.pool, #board.SPHERES)
  end,
}

M.modify = {
  ability_gold = function(ctx)
    for _, it in ipairs(gear.items(ctx.args.character)) do
      if T.get(it, "effect").no_ability_gold then return 0 end
    end
    return ctx.args.amount
  end,
}

return M
