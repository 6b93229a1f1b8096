-- Almanor's Fireball (components §3.4, dorn.md §6.6 SP4): a harder spell
-- on a field up to `range` away by a spell's route; `damage` to every
-- monster and every hero on it and on the fields next to it. Wounded heroes
-- give the Lord his Blood Drops (§5.1); Zorkal is wounded too (OQ-23).
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local hero_combat = require "rules.hero_combat"
local M = {}

-- The figures the blast on `field` hits, in field order, each once.
function M.blast(field)
  local out, seen = {}, {}
  local fields = { field }
  for _, n in ipairs(T.adjacent(field)) do
    if reach.adjacent(field, n) then fields[#fields + 1] = n end
  end
  for _, f in ipairs(fields) do
    for _, o in ipairs(board.figures(f)) do
      if not seen[o] then
        seen[o] = true
        out[#out + 1] = o
      end
    end
  end
  return out
end

local function hits_an_enemy(hero, field)
  for _, o in ipairs(M.blast(field)) do
    if T.kind(o) ~= "hero" and reach.may_target(hero, o) then return true end
  end
  return false
end

-- The fields in range whose blast hits at least one enemy.
M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    local hero, out = ctx.args.hero, {}
    local range = hero_combat.range(hero, ctx.self)
    for _, f in ipairs(T.within(board.field(hero), range, reach.blocked())) do
      if reach.reaches(hero, f, "route", range) and hits_an_enemy(hero, f) then out[#out + 1] = f end
    end
    return out
  end,
}

function M.resolve(ctx)
  local hero, a = ctx.args.hero, ctx.self
  local n = hero_combat.damage(a)
  for _, o in ipairs(M.blast(ctx.args.aim)) do
    if T.kind(o) == "hero" then
      wounds.deal(o, n, { by = hero, how = "spell", card = a })
    elseif reach.may_target(hero, o) then
      hero_combat.hit(hero, a, o, n)
    end
  end
end

return M
