-- Dungeon Lords combat (§4.6): the flow hooks and the combat stages. Each
-- combat round every lord plans in secret (battlefield, traps, monsters),
-- the combat card is revealed, then each dungeon is evaluated stage by
-- stage: traps, fast spell, monsters, slow spell, healing, conquest, poison.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local D = require "rules.dungeon"
local E = require "rules.evil"
local setups = require "rules.setups"
local options = require "std.options"
local list = require "std.list"
local seats = require "std.seats"

local M = {}

local function is_ghost(e) return T.has_tag(e, "ghost") end
local function kind_in(zone, seat, kind)
  return list.filter(T.zone(zone, seat), function(e) return T.kind(e) == kind end)
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
    F.set(seat, "nowhere", true)   -- A.2: the heroes free a prisoner instead
    return
  end
  if #squares == 1 then
    M.chosen_square(seat, squares[1])
    return
  end
  local opts = list.map(squares, function(sq) return { id = D.option_id(sq), label = D.label(sq) } end)
  T.decide {
    seat = seat, secret = true, prompt = "Where do you fight this round?",
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
  for _, t in ipairs(kind_in("planned", seat, "trap")) do
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
  local ready = list.filter(T.zone("traps", seat), function(t) return affordable(seat, t) end)
  if #kind_in("planned", seat, "trap") >= T.get(sq, "max_traps") or #ready == 0 then
    M.plan_monster(seat)
    return
  end
  local bait = T.get(sq, "bait") and " (a trap here needs 1 gold as bait)" or ""
  options.pick {
    seat = seat, secret = true, prompt = "Which trap do you set at " .. D.label(sq) .. "?" .. bait,
    entities = ready, prefix = "trap:", extra = { { id = "no-trap", label = "no trap" } },
    on_pick = "plan_trap_chosen", args = { seat = seat },
  }
end

function M.plan_trap_chosen(ctx)
  local trap = options.picked(ctx)
  if not trap then
    M.plan_monster(ctx.args.seat)
    return
  end
  T.move(trap, "planned", ctx.args.seat)
  M.plan_trap(ctx.args.seat)
end

-- Monsters and ghosts that may still be sent: face up, and within the
-- square's monster limit (ghosts never count, §4.1.7).
local function sendable(seat)
  local sq = T.secret(seat, "square")
  local sent = #list.filter(kind_in("planned", seat, "monster"), function(e) return not is_ghost(e) end)
  return list.filter(T.zone("den", seat), function(e)
    return T.face_up(e) and (is_ghost(e) or sent < T.get(sq, "max_monsters"))
  end)
end

function M.plan_monster(seat)
  local ready = sendable(seat)
  if #ready == 0 then return end
  options.pick {
    seat = seat, secret = true, prompt = "Which monster or ghost do you send?",
    entities = ready, prefix = "send:", extra = { { id = "done", label = "send no more" } },
    on_pick = "plan_monster_chosen", args = { seat = seat },
  }
end

function M.plan_monster_chosen(ctx)
  local monster = options.picked(ctx)
  if not monster then return end
  T.move(monster, "planned", ctx.args.seat)
  M.plan_monster(ctx.args.seat)
end

-- §4.6.2 B: the plans and this round's combat card come to light.
function M.reveal()
  local deck = T.zone("combat_deck")
  for _, old in ipairs(T.zone("combat_card")) do T.move(old, "box") end
  if #deck > 0 and not F.practice() then
    T.move(deck[1], "combat_card")
    T.turn(deck[1], true)
    T.log("Combat card: " .. T.name(deck[1]) .. " (fatigue " .. T.get(deck[1], "fatigue") .. ")")
  end
  for _, seat in ipairs(seats.from_start()) do
    local sq = T.secret(seat, "square")
    T.set_secret(seat, "square", nil)
    if sq then
      F.set(seat, "square", sq)
      T.log("Seat " .. seat .. " fights at " .. D.label(sq))
    end
    for _, e in ipairs(T.zone("planned", seat)) do
      T.move(e, "battlefield", seat)
      T.turn(e, T.kind(e) == "monster")   -- traps stay face down until they spring
    end
  end
end

-- The game's result: what each dungeon suffered and held.
local function outcome()
  local seats = {}
  for seat = 1, T.seats() do
    local conquered = #list.filter(D.squares(seat), function(sq) return T.get(sq, "conquered") end)
    seats[seat] = { conquered = conquered, prisoners = T.count("prison", seat) }
  end
  return { seats = seats }
end

function M.combat_end()
  for seat = 1, T.seats() do
    tidy(seat)
    for _, m in ipairs(T.zone("den", seat)) do T.turn(m, true) end     -- §4.6.3
    for _, h in ipairs(P.heroes(seat)) do T.move(h, "distant_lands") end
    F.reset(seat)
  end
  for _, c in ipairs(T.zone("combat_card")) do T.move(c, "box") end
  -- §4.5 item 7: a paladin nobody drew leaves for the Distant Lands.
  for _, p in ipairs(T.zone("paladin_tent")) do T.move(p, "distant_lands") end
  T.game_over(outcome())
end

-- --- stage 1: traps (and the rounds with nowhere to fight) -------------------

-- §4.6.2 A.2: with no intact square the heroes free one prisoner, regular
-- heroes before the paladin; the owner picks which (Q-PRISONFREE).
function M.free_prisoner(seat)
  local prison = T.zone("prison", seat)
  local regular = list.filter(prison, function(h) return P.class(h) ~= "paladin" end)
  local pool = #regular > 0 and regular or prison
  if #pool == 0 then return end
  options.pick {
    seat = seat, prompt = "There is nowhere to fight: which prisoner do the heroes free?",
    entities = pool, prefix = "free:", on_pick = "freed",
  }
end

function M.freed(ctx)
  local hero = options.picked(ctx)
  T.move(hero, "distant_lands")
  T.log("The heroes free " .. T.name(hero) .. " from the prison")
end

function M.traps(ctx)
  local seat = ctx.seat
  if F.get(seat, "nowhere") then
    M.free_prisoner(seat)
    return
  end
  F.set(seat, "disarm", P.sum(seat, "disarm"))
  local traps = kind_in("battlefield", seat, "trap")
  if #traps == 0 then return end
  -- With two traps (the Labyrinth) the lord orders them (§5.3).
  options.pick {
    seat = seat, prompt = "Which trap springs first?", entities = traps, prefix = "first:",
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
  T.log("Trap: " .. T.name(trap))
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
  if F.practice() or F.get(seat, "nowhere") then return end
  local card = T.zone("combat_card")[1]
  if not card or T.get(card, "speed") ~= speed then return end
  local round = T.var("combat_round")
  local crystals = F.get(seat, "no_spell") and 0 or P.sum(seat, "crystal")
  if D.room_effect(F.square(seat), "no_spells") then
    T.log("The anti-magic room stops the spell")
  elseif crystals >= round then
    T.log("The party casts " .. T.name(card) .. " (" .. crystals .. " crystals, needs " .. round .. ")")
    T.call(card, "cast", { seat = seat })
  end
end

function M.fast_spell(ctx) cast_if(ctx.seat, "fast") end
function M.slow_spell(ctx) cast_if(ctx.seat, "slow") end

-- --- stage 3: monsters -------------------------------------------------------------

function M.monsters(ctx)
  if F.get(ctx.seat, "nowhere") then return end
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
    seat = seat, prompt = "Which monster attacks next?", entities = ready, prefix = "attack:",
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
  if F.get(seat, "nowhere") or not F.get(seat, "attacked") or F.get(seat, "no_heal") then return end
  local total = P.sum(seat, "heal")
  for _, h in ipairs(P.heroes(seat)) do
    if total <= 0 then break end
    local healed = T.heal(h, math.min(total, T.get(h, "damage")), { source = "healing" })
    if healed > 0 then T.log(T.name(h) .. " is healed " .. healed) end
    total = total - healed
  end
end

-- --- stage 6: conquest -----------------------------------------------------------------

local function fatigue()
  if F.practice() then return T.param("practice_fatigue") end
  local card = T.zone("combat_card")[1]
  return card and T.get(card, "fatigue") or 0
end

-- §4.6.2 C.6: fatigue one point at a time to the current first hero (the
-- only damage that spills over); if anyone stands, the square falls.
function M.conquest(ctx)
  local seat = ctx.seat
  if F.get(seat, "nowhere") then return end
  if F.get(seat, "no_conquest") then
    T.log("No conquest this round")
    return
  end
  for _ = 1, fatigue() do
    local first = P.first(seat)
    if not first then return end
    local r = T.damage(first, 1, { source = "fatigue" })
    T.log(T.name(first) .. " takes 1 fatigue damage" .. (r.knocked_out and " and is knocked out" or ""))
  end
  if T.count("party", seat) == 0 then return end
  local sq = F.square(seat)
  T.set(sq, "conquered", true)
  T.log("The heroes conquer " .. D.label(sq))
  E.move(seat, -1)   -- may send the paladin elsewhere (§4.5)
end

-- --- stage 7: poison ---------------------------------------------------------------------

-- §4.6.2 C.7: the poisoned dart's 2 damage, never disarmed, lost if its
-- hero is already out.
function M.poison(ctx)
  -- One entry per dart (the Labyrinth may hold two).
  for _, hero in ipairs(F.get(ctx.seat, "poison") or {}) do
    if P.in_party(ctx.seat, hero) then
      local r = T.damage(hero, 2, { source = "poison" })
      T.log("Poison: " .. T.name(hero) .. " takes " .. r.dealt .. (r.knocked_out and " and is knocked out" or ""))
    end
  end
end

M.on = {
  defeated = function(ctx)
    T.log("The whole party is in prison: the fight at seat " .. ctx.args.seat .. "'s dungeon is over")
  end,
}

return M
