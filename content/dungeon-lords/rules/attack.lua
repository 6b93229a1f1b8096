-- Monster attacks (§4.6.2 C.3). Every helper records that an attack was
-- performed, which is what lets the party heal this round (C.5).
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local D = require "rules.dungeon"
local options = require "std.options"
local list = require "std.list"
local A = {}

function A.seat(ctx) return ctx.args.seat end

-- The monster's room_bonus when the battlefield is an intact room that
-- strengthens it (Training room: goblin, troll; Dark room: witch, vampire).
function A.bonus(ctx)
  local stronger = D.room_effect(F.square(ctx.args.seat), "stronger")
  return (stronger and list.contains(stronger, T.def(ctx.self))) and T.get(ctx.self, "room_bonus") or 0
end

-- The strength of one of the monster's attacks (its prop `prop`: attack,
-- attack_alt, follow_up) on this battlefield.
function A.strength(ctx, prop) return T.get(ctx.self, prop) + A.bonus(ctx) end

-- Deals monster damage to one hero; all of it goes to him (no spill-over).
function A.hit(ctx, hero, amount)
  F.of(ctx.args.seat).attacked = true
  local r = T.damage(hero, amount, { source = "monster", by = ctx.self })
  T.log({ r.knocked_out and "attack.hit_ko" or "attack.hit", seat = ctx.args.seat, monster = ctx.self, hero = hero, n = r.dealt })
  return r
end

-- Standard attack: the current first hero.
function A.standard(ctx, amount)
  local first = P.first(ctx.args.seat)
  if first then return A.hit(ctx, first, amount) end
end

-- Attack on all: each hero, front to back.
function A.all(ctx, amount)
  for _, hero in ipairs(P.heroes(ctx.args.seat)) do
    if P.in_party(ctx.args.seat, hero) then A.hit(ctx, hero, amount) end
  end
end

-- Heroes a monster may pick: all, or those passing `allowed`.
function A.targets(ctx, allowed)
  return list.filter(P.heroes(ctx.args.seat), allowed or function() return true end)
end

-- Attack on anyone: the owner picks among `targets` (nobody is asked when
-- there is one); on_choice(ctx) of the monster's script then finds the hero
-- with A.hero(ctx). `prompt` is a text key; its {monster} is the monster.
-- `extra` arguments are passed on.
function A.pick(ctx, targets, prompt, on_choice, extra)
  local args = { seat = ctx.args.seat }
  for k, v in pairs(extra or {}) do args[k] = v end
  options.pick {
    seat = ctx.args.seat, prompt = { prompt, monster = ctx.self }, entities = targets, prefix = "target:",
    label = P.label, on_pick = on_choice, args = args,
  }
end

function A.hero(ctx) return options.picked(ctx) end

-- One attack option or several: asks only when there is a real choice.
-- prompt: a text key, as in A.pick; choices: list of { id =, label = text };
-- on_choice(ctx) gets the chosen id in ctx.args.option.
function A.choose(ctx, prompt, choices, on_choice)
  if #choices == 1 then
    T.schedule(on_choice, { seat = ctx.args.seat, option = choices[1].id })
    return
  end
  T.decide {
    seat = ctx.args.seat, prompt = { prompt, monster = ctx.self },
    options = choices, on_choice = "chose", args = { seat = ctx.args.seat, next = on_choice },
  }
end

function A.chose(ctx)
  T.schedule(ctx.args.next, { seat = ctx.args.seat, option = ctx.choice })
end

-- After its attack a monster is exhausted (face down) unless it returns.
function A.exhaust(ctx) T.turn(ctx.self, false) end
function A.stay(ctx) T.turn(ctx.self, true) end

return A
