-- The heroes' attacks and spells, dorn.md §5.2 and §5.3: phase H3, and the
-- same pipeline for one hero outside it (Relentless Advance in H2 offers
-- `attack_options(hero)` among its `h2_actions`).
--
-- One decision is one attack or spell of one hero: the option id is
-- "hit:<ability entity>><aim>", where the aim is a target entity's id, a
-- field, "all" (every figure the ability reaches) or two entity ids joined
-- by "+". An ability with a script says its own aims and effect (the
-- contract `### dorn: ability` in docs/contracts.md): `extend.h3_aims`
-- answers `tabula.collect("h3_aims", {ability, hero})` for itself, and
-- `resolve(ctx)` carries the effect out. Every other attack or spell takes
-- the generic path here: its `damage` (or `params.wound`) to one target in
-- reach, or to every enemy in its area (`reach = "area"`, or
-- `effect.every_adjacent`).
--
-- What a hero did this heroes' turn lives in the var `h3`: {turn, used
-- (hero id -> attacks and spells made), boosted (hero id -> true), once
-- (ability or defender id -> uses)}; it starts afresh each turn.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local abilities = require "rules.abilities"
local movement = require "rules.movement"
local M = {}

-- The record of this heroes' turn (the turn of Lord turn N's number).
function M.turn_state()
  local s = T.var("h3")
  if s == nil or s.turn ~= T.var("lord_turn") then
    T.set_var("h3", { turn = T.var("lord_turn"), used = {}, boosted = {}, once = {} })
    s = T.var("h3")
  end
  return s
end

-- Once-a-turn bookkeeping of anything with a key (an ability, a ghost):
-- how often it was used this heroes' turn, and one more use.
function M.uses(key) return M.turn_state().once[tostring(key)] or 0 end
function M.use(key)
  local once = M.turn_state().once
  once[tostring(key)] = (once[tostring(key)] or 0) + 1
end

-- Attacks (and spells: OQ-05, one budget) a hero has this turn, through
-- the channel `attacks` (Fencing, Fighting Spirit, Blessings, items).
function M.allowance(hero)
  local n = T.def_get(T.def(hero), "attacks")[T.get(hero, "level")]
  return T.modify("attacks", n, { figure = hero })
end

function M.used(hero) return M.turn_state().used[tostring(hero)] or 0 end

function M.attacks_left(hero) return M.allowance(hero) - M.used(hero) end

local function prop(a, key) return T.def_get(T.def(a), key) end

-- The range of an ability for its holder, through the channel `range`
-- (Eagle Eye lengthens the Long Bow, §6.2).
function M.range(hero, a)
  return T.modify("range", prop(a, "range"), { figure = hero, ability = a })
end

-- A pike that may also hit an adjacent field: the channel `pike_adjacent`
-- (Pike Expert).
local function reach_opts(hero, a)
  if prop(a, "reach") ~= "pike" then return nil end
  if T.modify("pike_adjacent", 0, { figure = hero, ability = a }) > 0 then return { adjacent = true } end
  return nil
end

-- The lives a harder spell costs its caster: `life_cost`, through the
-- channel `life_cost` (Archmage casts some for free).
function M.life_cost(hero, a)
  return T.modify("life_cost", prop(a, "life_cost"), { figure = hero, ability = a })
end

-- How an ability hurts: "attack" for a sword, "spell" for a star.
function M.how(a) return prop(a, "type") == "spell" and "spell" or "attack" end

-- The enemy figures an ability reaches from its holder's field, in field
-- order: one target's candidates, or (area) everything it hits.
function M.reachable(hero, a)
  local r = prop(a, "reach")
  if r == "area" then return M.area(hero, board.field(hero), M.range(hero, a), true) end
  if prop(a, "effect").every_adjacent then r = "melee" end
  return reach.targets(hero, r, M.range(hero, a), reach_opts(hero, a))
end

-- The figures within `range` steps of `field` (and on it), counted round
-- corners over figures but never through a Teleport, the closed Gate or an
-- obstacle; with `enemies_only`, those `hero` may target.
function M.area(hero, field, range, enemies_only)
  local out = {}
  local fields = { field }
  for _, f in ipairs(T.within(field, range, reach.blocked())) do fields[#fields + 1] = f end
  for _, f in ipairs(fields) do
    for _, o in ipairs(T.zone(f)) do
      if board.is_figure(o) and (not enemies_only or reach.may_target(hero, o)) then out[#out + 1] = o end
    end
  end
  return out
end

-- Whether the hero may use ability `a` now: he may act (the mummy, an
-- Astral Traveller), has an attack left, the ability's once-a-turn and his
-- one boost of the turn are unused.
function M.usable(hero, a)
  if not movement.may_act(hero, M.how(a) == "spell" and "cast" or "attack") then return false end
  if M.attacks_left(hero) <= 0 then return false end
  if prop(a, "once_per_turn") and M.uses(a) > 0 then return false end
  if prop(a, "boost") and M.turn_state().boosted[tostring(hero)] then return false end
  return true
end

-- The aims of ability `a` of `hero`: its script's, else the generic ones.
function M.aims(hero, a)
  local scripted = T.collect("h3_aims", { ability = a, hero = hero })
  if #scripted > 0 or T.handles(a, "resolve") then return scripted end
  local targets = M.reachable(hero, a)
  if #targets == 0 then return {} end
  if prop(a, "reach") == "area" or prop(a, "effect").every_adjacent then return { "all" } end
  local out = {}
  for _, t in ipairs(targets) do out[#out + 1] = tostring(t) end
  return out
end

-- "Kaerdrak: Axe on Skeleton (K14)": who, with what, on whom and where.
local function aim_label(hero, a, aim)
  local id = math.tointeger(tonumber(aim))
  if id then return { "h3.hit", hero = hero, ability = a, target = id, at = names.of(board.field(id)) } end
  local x, y = aim:match("^(%d+)%+(%d+)$")
  if x then
    x, y = math.tointeger(tonumber(x)), math.tointeger(tonumber(y))
    return { "h3.hit_two", hero = hero, ability = a, first = x, second = y,
             at = names.of(board.field(x)), at2 = names.of(board.field(y)) }
  end
  if aim == "all" then return { "h3.hit_all", hero = hero, ability = a } end
  return { "h3.hit_field", hero = hero, ability = a, field = names.of(aim) }
end

-- Decision options for every attack and spell `hero` may make now, each
-- with its own continuation (`chosen`): usable in H3 and, for an ability
-- that attacks while moving, among the `h2_actions`.
function M.attack_options(hero)
  local out = {}
  for _, type in ipairs { "attack", "spell" } do
    for _, a in ipairs(abilities.of(hero, type)) do
      if M.usable(hero, a) then
        for _, aim in ipairs(M.aims(hero, a)) do
          out[#out + 1] = { id = "hit:" .. a .. ">" .. aim, label = aim_label(hero, a, aim), on_choice = M.chosen }
        end
      end
    end
  end
  return out
end

-- One hit of an attack or spell on an enemy. The defences that may cancel
-- a hero's attack (the ghost, Sinister Parry, Zombie Frenzy) answer the
-- channel `attack_cancelled` with 1 when they could stop this hit; each is
-- a "may" of the Lord (ENGINE.md invariant 13), and which blow is stopped
-- decides who lands the killing wound and takes the token (§5.2 step 6),
-- so the Lord is asked (`ask_cancel`) and nothing is spent until he
-- cancels. A hit no defence may stop wounds at once. Returns the lives
-- lost now (0 for a hit that waits for the Lord's answer).
function M.hit(hero, a, target, n)
  local args = { attacker = hero, target = target, how = M.how(a), ability = a, wounds = n }
  if T.modify("attack_cancelled", 0, args) > 0 then
    T.schedule(M.ask_cancel, args)
    return 0
  end
  return wounds.deal(target, n, { by = hero, how = args.how, card = a })
end

-- The Lord's question for one hit a defence could stop: cancel it, or let
-- it through.
function M.ask_cancel(ctx)
  local args = ctx.args
  if not board.on_board(args.target) then return end
  T.decide { seat = 1, prompt = { "h3.cancel_prompt", attacker = args.attacker, target = args.target, ability = args.ability },
             options = { { id = "cancel", label = { "h3.cancel", target = args.target } },
                         { id = "through", label = "h3.through" } },
             on_choice = M.cancel_chosen, args = args }
end

-- The answer: `cancel` asks the channel again with `decided = true`, so the
-- defence that stops the hit spends its use; `through` deals the wound.
function M.cancel_chosen(ctx)
  local args = ctx.args
  if ctx.choice == "cancel" then
    T.modify("attack_cancelled", 0, { attacker = args.attacker, target = args.target, how = args.how,
                                      ability = args.ability, decided = true })
    T.log { "h3.cancelled", target = args.target, ability = args.ability }
  else
    wounds.deal(args.target, args.wounds, { by = args.attacker, how = args.how, card = args.ability })
  end
end

-- The wounds one hit of `a` deals.
function M.damage(a)
  local d = prop(a, "damage")
  return d > 0 and d or T.param("wound")
end

-- The generic effect: one target, or every enemy in reach.
function M.resolve_generic(ctx)
  local hero, a, aim = ctx.args.hero, ctx.args.ability, ctx.args.aim
  local targets = aim == "all" and M.reachable(hero, a) or { math.tointeger(tonumber(aim)) }
  for _, t in ipairs(targets) do
    M.hit(hero, a, t, M.damage(a))
  end
end

-- §5.3: the exhaustion of a harder spell, paid once its effect has
-- resolved, so that a caster on his last life dies after it (TV-30). A
-- caster the effect itself killed has no life left to pay.
function M.exhaust(ctx)
  local hero = ctx.args.hero
  if T.where(hero) == "fallen" or board.life(hero) <= 0 then return end
  wounds.deal(hero, ctx.args.cost, { by = hero, how = "exhaustion", card = ctx.args.ability })
end

-- An attack or spell chosen: the budget, the ability's once-a-turn and the
-- hero's boost are spent (a cancelled attack spends them too); `attacked`
-- tells the cards (Strength of the Earth); then the effect, then the
-- exhaustion.
function M.chosen(ctx)
  local a, aim = ctx.choice:match("^hit:(%d+)>(.+)$")
  a = math.tointeger(tonumber(a))
  local hero = T.get(a, "holder")
  local s = M.turn_state()
  s.used[tostring(hero)] = M.used(hero) + 1
  if prop(a, "boost") then s.boosted[tostring(hero)] = true end
  if prop(a, "once_per_turn") then M.use(a) end
  if ctx.args and ctx.args.h3 then T.var("h3_round").acted = true end
  local args = { hero = hero, ability = a, aim = aim }
  T.emit("attacked", { figure = hero, ability = a, target = aim })
  if T.handles(a, "resolve") then T.call(a, "resolve", args) else T.schedule(M.resolve_generic, args) end
  local cost = M.life_cost(hero, a)
  if cost > 0 then T.schedule(M.exhaust, { hero = hero, cost = cost, ability = a }) end
end

-- H3 ----------------------------------------------------------------------
-- The hero players act in seat order, each as long as he likes, in rounds
-- until a round in which nobody attacked (so heroes of different players
-- may take turns: a kill may open the way for another's shot).

-- H3 is over for this turn once `h3_done` holds the turn's number.
function M.done() return T.var("h3_done") == T.var("lord_turn") end

function M.round_begin() T.set_var("h3_round", { acted = false, passed = {} }) end

function M.round_finish()
  if not T.var("h3_round").acted or board.hero_players_left() <= 1 then T.set_var("h3_done", T.var("lord_turn")) end
  T.set_var("h3_round", nil)
end

function M.seat_done(ctx) return T.var("h3_round").passed[tostring(ctx.seat)] == true end

function M.offer(ctx)
  local seat, options = ctx.seat, {}
  for _, hero in ipairs(board.heroes_of(seat)) do
    for _, o in ipairs(M.attack_options(hero)) do options[#options + 1] = o end
  end
  if #options == 0 then
    T.var("h3_round").passed[tostring(seat)] = true
    return
  end
  options[#options + 1] = { id = "done", label = "h3.done" }
  T.decide { seat = seat, prompt = "h3.prompt", options = options, on_choice = M.passed, args = { seat = seat, h3 = true } }
end

function M.passed(ctx) T.var("h3_round").passed[tostring(ctx.args.seat)] = true end

return M
