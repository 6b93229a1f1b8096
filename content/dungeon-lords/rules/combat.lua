-- Dungeon Lords combat (§4.6): the flow hooks and the combat stages. Each
-- combat round every lord plans in secret (battlefield, traps, monsters),
-- the combat card is revealed, then each dungeon is evaluated stage by
-- stage: traps, fast spell, monsters, slow spell, healing, conquest, poison.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local D = require "rules.dungeon"
local E = require "rules.evil"
local S = require "rules.spell"
local setups = require "rules.setups"
local scoring = require "rules.scoring"
local options = require "std.options"
local list = require "std.list"
local seats = require "std.seats"

local M = {}

local function is_ghost(e) return T.has_tag(e, "ghost") end
local function kind_in(zone, seat, kind)
  return list.filter(T.zone(zone, seat), function(e) return T.kind(e) == kind end)
end

-- The secret plan of this combat round (§4.6.2 A): the traps and monsters
-- chosen so far, in order. They stay where they are (trap storage, den)
-- until the reveal, so nobody sees a den lose the monster just sent.
local function plan(seat) return T.secret(seat, "plan") or {} end
local function planned(seat, kind)
  return list.filter(plan(seat), function(e) return T.kind(e) == kind end)
end
local function add_to_plan(seat, e)
  local p = plan(seat)
  p[#p + 1] = e
  T.set_secret(seat, "plan", p)
end
local function in_plan(seat, e)
  for _, x in ipairs(plan(seat)) do
    if x == e then return true end
  end
  return false
end

-- --- flow hooks -------------------------------------------------------------

function M.setup() setups.build() end

function M.combat_over()
  for seat = 1, T.seats() do
    if T.count("party", seat) > 0 then return false end
  end
  return true
end

function M.out_of_fight(ctx) return T.count("party", ctx.seat) == 0 end

-- Brings last round's forces home: exhausted monsters stay face down.
local function tidy(seat)
  for _, e in ipairs(T.zone("battlefield", seat)) do
    if T.kind(e) == "monster" then
      T.move(e, "den", seat)
      T.set(e, "attacked", false)
    else
      T.move(e, "trap_discard")
      T.turn(e, false)
    end
  end
end

-- §4.6.2 A: every lord with heroes at his door plans in secret. The
-- questions open in seat order from the starting player: if anybody waits
-- for the others, the starting player decides first, then clockwise.
function M.plan()
  for _, seat in ipairs(seats.from_start()) do
    tidy(seat)
    F.reset(seat)
    if T.count("party", seat) > 0 then M.plan_battlefield(seat) end
  end
end

function M.plan_battlefield(seat)
  local squares = D.battlefields(seat)
  if #squares == 0 then
    F.of(seat).nowhere = true   -- A.2: the heroes free a prisoner instead
    return
  end
  if #squares == 1 then
    M.chosen_square(seat, squares[1])
    return
  end
  local opts = list.map(squares, function(sq) return { id = D.option_id(sq), entity = sq, label = D.label(sq) } end)
  T.decide {
    seat = seat, secret = true, prompt = "combat.where_fight",
    options = opts, on_choice = "plan_square", args = { seat = seat },
  }
end

function M.plan_square(ctx)
  for _, sq in ipairs(D.battlefields(ctx.args.seat)) do
    if D.option_id(sq) == ctx.choice then M.chosen_square(ctx.args.seat, sq) end
  end
end

function M.chosen_square(seat, sq)
  T.set_secret(seat, "square", sq)
  M.plan_trap(seat)
end

-- What the traps planned so far commit the lord to pay (§4.6.2 A.3).
local function committed(seat)
  local sq = T.secret(seat, "square")
  local bait = T.get(sq, "bait") and 1 or 0
  local due = { food = 0, gold = 0, imps = 0 }
  for _, t in ipairs(planned(seat, "trap")) do
    due.food = due.food + T.get(t, "cost_food")
    due.gold = due.gold + T.get(t, "cost_gold") + bait
    due.imps = due.imps + T.get(t, "cost_imp")
  end
  return due
end

local function affordable(seat, trap)
  local due, sq = committed(seat), T.secret(seat, "square")
  local bait = T.get(sq, "bait") and 1 or 0
  return T.counter(seat, "food") >= due.food + T.get(trap, "cost_food")
    and T.counter(seat, "gold") >= due.gold + T.get(trap, "cost_gold") + bait
    and T.counter(seat, "imps") >= due.imps + T.get(trap, "cost_imp")
end

function M.plan_trap(seat)
  local sq = T.secret(seat, "square")
  local ready = list.filter(T.zone("traps", seat), function(t) return not in_plan(seat, t) and affordable(seat, t) end)
  if #planned(seat, "trap") >= T.get(sq, "max_traps") or #ready == 0 then
    M.plan_monster(seat)
    return
  end
  local prompt = T.get(sq, "bait") and "combat.which_trap_bait" or "combat.which_trap"
  options.pick {
    seat = seat, secret = true, prompt = { prompt, square = D.label(sq) },
    entities = ready, prefix = "trap:", extra = { { id = "no-trap", label = "combat.no_trap" } },
    on_pick = "plan_trap_chosen", args = { seat = seat },
  }
end

function M.plan_trap_chosen(ctx)
  local trap = options.picked(ctx)
  if not trap then
    M.plan_monster(ctx.args.seat)
    return
  end
  add_to_plan(ctx.args.seat, trap)
  M.plan_trap(ctx.args.seat)
end

-- Monsters and ghosts that may still be sent: face up, and within the
-- square's monster limit (ghosts never count, §4.1.7).
local function sendable(seat)
  local sq = T.secret(seat, "square")
  local sent = #list.filter(planned(seat, "monster"), function(e) return not is_ghost(e) end)
  return list.filter(T.zone("den", seat), function(e)
    return T.face_up(e) and not in_plan(seat, e) and (is_ghost(e) or sent < T.get(sq, "max_monsters"))
  end)
end

function M.plan_monster(seat)
  local ready = sendable(seat)
  if #ready == 0 then return end
  options.pick {
    seat = seat, secret = true, prompt = "combat.which_monster",
    entities = ready, prefix = "send:", extra = { { id = "done", label = "combat.send_no_more" } },
    on_pick = "plan_monster_chosen", args = { seat = seat },
  }
end

function M.plan_monster_chosen(ctx)
  local monster = options.picked(ctx)
  if not monster then return end
  add_to_plan(ctx.args.seat, monster)
  M.plan_monster(ctx.args.seat)
end

-- §4.6.2 B: the plans and this round's combat card come to light.
function M.reveal()
  local deck = T.zone("combat_deck")
  for _, old in ipairs(T.zone("combat_card")) do T.move(old, "box") end
  if #deck > 0 and not F.practice() then
    T.move(deck[1], "combat_card")
    T.turn(deck[1], true)
    T.log({ "combat.card", card = deck[1], fatigue = T.get(deck[1], "fatigue") })
  end
  for _, seat in ipairs(seats.from_start()) do
    local sq = T.secret(seat, "square")
    T.set_secret(seat, "square", nil)
    if sq then
      F.of(seat).square = sq
      T.log({ "combat.fights_at", seat = seat, square = D.label(sq) })
    end
    local forces = plan(seat)
    T.set_secret(seat, "plan", nil)
    for _, e in ipairs(forces) do
      T.move(e, "battlefield", seat)
      T.turn(e, T.kind(e) == "monster")   -- traps stay face down until they spring
    end
  end
end

-- The game's result: what each dungeon suffered and held.
local function outcome()
  local per_seat = {}
  for seat = 1, T.seats() do
    local conquered = #list.filter(D.squares(seat), function(sq) return T.get(sq, "conquered") end)
    per_seat[seat] = { conquered = conquered, prisoners = T.count("prison", seat) }
  end
  return { seats = per_seat }
end

-- The result for people: a line per seat, each line's text holding the next.
local function summary(result)
  local text
  for seat = #result.seats, 1, -1 do
    local s = result.seats[seat]
    text = { "result.seat", seat = seat, conquered = s.conquered, prisoners = s.prisoners,
             more = text and { "result.more", next = text } or "" }
  end
  return text
end

function M.combat_end()
  for seat = 1, T.seats() do
    tidy(seat)
    for _, m in ipairs(T.zone("den", seat)) do T.turn(m, true) end     -- §4.6.3
    for _, h in ipairs(P.heroes(seat)) do T.move(h, "distant_lands") end
    F.clear(seat)
  end
  for _, c in ipairs(T.zone("combat_card")) do T.move(c, "box") end
  -- §4.5 item 7: this year's paladin, if nobody drew him, leaves for the
  -- Distant Lands; next year's stays in the tent.
  local waiting = E.waiting_paladin()
  if waiting then T.move(waiting, "distant_lands") end
  -- A practice fight is the whole game; otherwise the flow goes on (§4.2).
  if F.practice() then
    local result = outcome()
    T.game_over(result, summary(result))
  end
end

function M.practice() return F.practice() end
function M.scoring() scoring.final() end

-- --- stage 1: traps (and the rounds with nowhere to fight) -------------------

-- §4.6.2 A.2: with no intact square the heroes free one prisoner, regular
-- heroes before the paladin; the owner picks which (Q-PRISONFREE).
function M.free_prisoner(seat)
  local prison = T.zone("prison", seat)
  local regular = list.filter(prison, function(h) return P.class(h) ~= "paladin" end)
  local pool = #regular > 0 and regular or prison
  if #pool == 0 then return end
  options.pick {
    seat = seat, prompt = "combat.nowhere",
    entities = pool, prefix = "free:", on_pick = "freed", args = { seat = seat },
  }
end

function M.freed(ctx)
  local hero = options.picked(ctx)
  T.move(hero, "distant_lands")
  T.log({ "combat.freed", seat = ctx.args.seat, hero = hero })
end

function M.traps(ctx)
  local seat = ctx.seat
  local fight = F.of(seat)
  if fight.nowhere then
    M.free_prisoner(seat)
    return
  end
  fight.disarm = P.sum(seat, "disarm")
  local traps = kind_in("battlefield", seat, "trap")
  if #traps == 0 then return end
  -- With two traps (the Labyrinth) the lord orders them (§5.3).
  options.pick {
    seat = seat, prompt = "combat.which_trap_first", entities = traps, prefix = "first:",
    on_pick = "trap_order", args = { seat = seat },
  }
end

function M.trap_order(ctx)
  local seat = ctx.args.seat
  local traps = kind_in("battlefield", seat, "trap")
  local first = options.picked(ctx)
  M.spring(seat, first)
  for _, t in ipairs(traps) do
    if t ~= first then T.schedule("spring_later", { seat = seat, trap = t }) end
  end
end

function M.spring_later(ctx) M.spring(ctx.args.seat, ctx.args.trap) end

-- Reveal, pay the bait and the trap's cost, then let the trap act.
function M.spring(seat, trap)
  T.turn(trap, true)
  T.log({ "combat.trap", seat = seat, trap = trap })
  if D.room_effect(F.square(seat), "bait") then T.add_counter(seat, "gold", -1) end
  T.add_counter(seat, "food", -T.get(trap, "cost_food"))
  T.add_counter(seat, "gold", -T.get(trap, "cost_gold"))
  T.add_counter(seat, "imps", -T.get(trap, "cost_imp"))
  T.call(trap, "trigger", { seat = seat })
  T.schedule("discard_trap", { trap = trap })
end

function M.discard_trap(ctx)
  T.move(ctx.args.trap, "trap_discard")
  T.turn(ctx.args.trap, false)
end

-- --- stages 2 and 4: spells ----------------------------------------------------

local function cast_if(seat, speed)
  local fight = F.of(seat)
  if F.practice() or fight.nowhere then return end
  local card = T.zone("combat_card")[1]
  if not card or T.get(card, "speed") ~= speed then return end
  local round = T.var("combat_round")
  local crystals = fight.no_spell and 0 or P.sum(seat, "crystal")
  if D.room_effect(fight.square, "no_spells") then
    T.log({ "combat.antimagic_room", seat = seat })
  elseif crystals >= round then
    T.log({ "combat.casts", seat = seat, card = card, crystals = crystals, round = round })
    T.call(card, "cast", { seat = seat })
  end
end

function M.fast_spell(ctx) cast_if(ctx.seat, "fast") end
function M.slow_spell(ctx) cast_if(ctx.seat, "slow") end

-- --- stage 3: monsters -------------------------------------------------------------

function M.monsters(ctx)
  if F.of(ctx.seat).nowhere then return end
  M.next_monster({ args = { seat = ctx.seat } })
end

local function waiting(seat)
  return list.filter(kind_in("battlefield", seat, "monster"), function(m) return not T.get(m, "attacked") end)
end

-- The lord attacks with each monster he sent, in the order he chooses.
function M.next_monster(ctx)
  local seat = ctx.args.seat
  local ready = waiting(seat)
  if #ready == 0 then return end
  options.pick {
    seat = seat, prompt = "combat.which_attacks", entities = ready, prefix = "attack:",
    on_pick = "unleash", args = { seat = seat },
  }
end

function M.unleash(ctx)
  local seat, monster = ctx.args.seat, options.picked(ctx)
  T.set(monster, "attacked", true)
  T.call(monster, "attack", { seat = seat })
  T.schedule("next_monster", { seat = seat })
end

-- --- stage 5: healing ----------------------------------------------------------------

-- §4.6.2 C.5: only after a monster or ghost attacked, and only if nothing
-- stopped it; the heal icons of priests and paladin clean front first.
function M.healing(ctx)
  local seat = ctx.seat
  local fight = F.of(seat)
  if fight.nowhere or not fight.attacked or fight.no_heal then return end
  S.heal_front(seat, P.sum(seat, "heal"), nil, { source = "healing" })
end

-- --- stage 6: conquest -----------------------------------------------------------------

local PRACTICE_FATIGUE = T.param("practice_fatigue")

local function fatigue()
  if F.practice() then return PRACTICE_FATIGUE end
  local card = T.zone("combat_card")[1]
  return card and T.get(card, "fatigue") or 0
end

-- §4.6.2 C.6: fatigue one point at a time to the current first hero (the
-- only damage that spills over); if anyone stands, the square falls.
function M.conquest(ctx)
  local seat = ctx.seat
  local fight = F.of(seat)
  if fight.nowhere then return end
  if fight.no_conquest then
    T.log({ "combat.no_conquest", seat = seat })
    return
  end
  for _ = 1, fatigue() do
    local first = P.first(seat)
    if not first then return end
    local r = T.damage(first, 1, { source = "fatigue" })
    T.log({ r.knocked_out and "combat.fatigue_ko" or "combat.fatigue", seat = seat, hero = first })
  end
  if T.count("party", seat) == 0 then return end
  local sq = F.square(seat)
  T.set(sq, "conquered", true)
  T.log({ "combat.conquer", seat = seat, square = D.label(sq) })
  E.move(seat, -1)   -- may send the paladin elsewhere (§4.5)
end

-- --- stage 7: poison ---------------------------------------------------------------------

-- §4.6.2 C.7: the poisoned dart's poison, never disarmed, lost if its hero
-- is already out.
function M.poison(ctx)
  -- One dose per dart (the Labyrinth may hold two).
  for _, dose in ipairs(F.of(ctx.seat).poison or {}) do
    if P.in_party(ctx.seat, dose.hero) then
      local r = T.damage(dose.hero, dose.damage, { source = "poison" })
      T.log({ r.knocked_out and "combat.poison_ko" or "combat.poison", seat = ctx.seat, hero = dose.hero, n = r.dealt })
    end
  end
end

M.on = {
  defeated = function(ctx)
    T.log({ "combat.defeated", seat = ctx.args.seat })
  end,
}

-- [pack] determinize (rules/determinize.lua).
M.determinize = require "rules.determinize"
-- [pack] score (rules/rating.lua).
M.rating = require "rules.rating"

return M
