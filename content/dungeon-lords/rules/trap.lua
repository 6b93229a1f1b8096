-- Trap damage (§4.6.2 C.1): the damage a trap would deal, hero by hero, is
-- reduced by the party's disarm pool front-first before it is dealt; the
-- pool serves every trap of the round (the Labyrinth's second trap gets
-- what the first left). Only damage is disarmed, never other effects.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local list = require "std.list"
local options = require "std.options"
local TR = {}

-- hits: list of { hero = id, amount = n } in any order.
function TR.deal(seat, hits, trap)
  local order = P.heroes(seat)
  table.sort(hits, function(a, b)
    return (list.index_of(order, a.hero) or 99) < (list.index_of(order, b.hero) or 99)
  end)
  local pool = F.of(seat).disarm or 0
  for _, h in ipairs(hits) do
    local cancel = math.min(pool, h.amount)
    pool = pool - cancel
    local amount = h.amount - cancel
    if cancel > 0 then T.log({ "trap.disarmed", seat = seat, hero = h.hero, n = cancel }) end
    if amount > 0 and P.in_party(seat, h.hero) then
      local r = T.damage(h.hero, amount, { source = "trap", by = trap })
      T.log({ r.knocked_out and "trap.damage_ko" or "trap.damage", seat = seat, hero = h.hero, n = r.dealt, trap = trap })
    end
  end
  F.of(seat).disarm = pool
end

-- A number of the trap's entry for the year being fought: `name` in year 1,
-- `name_y2` in year 2 if the entry states it, else `name` again.
function TR.value(trap, name)
  if F.year() >= 2 then
    local v = T.get(trap, name .. "_y2")
    if v ~= nil then return v end
  end
  return T.get(trap, name)
end

-- Every standing hero, each taking `amount`.
function TR.each(seat, amount)
  return list.map(P.heroes(seat), function(h) return { hero = h, amount = amount } end)
end

-- Asks the owner which hero `trap` aims at (nobody is asked when one hero
-- is left), then calls on_choice(ctx) of the trap's own script; TR.hero(ctx)
-- there is the hero.
function TR.choose_hero(seat, trap, on_choice)
  options.pick {
    seat = seat, prompt = { "trap.which_hero", trap = trap }, entities = P.heroes(seat),
    prefix = "target:", label = P.label, on_pick = on_choice, args = { seat = seat },
  }
end

function TR.hero(ctx) return options.picked(ctx) end

return TR
