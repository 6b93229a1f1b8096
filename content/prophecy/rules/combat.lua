-- One fight (PB §5): a character against a monster, a guardian or another
-- character. Each side: its current strength (lives left) or willpower
-- (magic left), plus its items, abilities and spells, plus one die; the
-- higher total wins, equal totals are a draw, one roll decides (D-02).
--
-- M.start(f) begins a fight; `f` names the `attacker` (a character), the
-- `defender` and the `purpose` ("monster", "guardian", "pvp", or an
-- expansion's), plus anything the purpose needs. The combat type is
-- chosen first (D-04, D-05), then spells are cast, then the dice roll.
-- The result comes as the event `fight_over` with f.result "win", "draw"
-- or "loss" (the attacker's) and f.winner / f.loser (nil on a draw): the
-- module of the purpose listens and carries it out.
local T = tabula
local board = require "rules.board"
local dice = require "rules.dice"
local gear = require "rules.gear"
local names = require "rules.names"
local M = {}

local function is_char(id) return T.kind(id) == "character" end

-- A card's value in one combat type against this character: -1 when it
-- cannot be fought that way; other values against a female character.
function M.card_value(card, combat, against)
  local v = T.get(card, combat)
  if against and is_char(against) and T.get(against, "sex") == "female" then
    local f = T.get(card, "female")
    if f[combat] ~= nil then v = f[combat] end
  end
  return v
end

-- The magic it costs `payer` to force willpower combat against `target`:
-- a card with both values costs force_will_monster, a card with only
-- willpower nothing; a character costs force_will_character plus
-- force_will_per_artifact for each artifact the target holds (D-05). The
-- channel `force_cost` lets a card lower it.
function M.force_cost(payer, target)
  local cost
  if is_char(target) then
    cost = T.param("force_will_character") + T.param("force_will_per_artifact") * board.artifact_count(T.owner(target))
  elseif M.card_value(target, "strength", payer) < 0 then
    cost = 0
  else
    cost = T.param("force_will_monster")
  end
  return T.modify("force_cost", cost, { payer = payer, target = target })
end

local function text_of(combat) return "word." .. combat end

-- A side's total before the die (and before spells) in `combat`.
local function total(f, who, opponent, combat)
  return M.value({ combat = combat, purpose = f.purpose }, who, opponent, {})
end

-- A foe's numbers for a question, as a text: a card's strength and
-- willpower (against this character), a character's totals.
function M.numbers(foe, against)
  if is_char(foe) then
    return { "combat.numbers", s = total({}, foe, against, "strength"), w = total({}, foe, against, "willpower") }
  end
  local s, w = M.card_value(foe, "strength", against), M.card_value(foe, "willpower", against)
  if s < 0 then return { "combat.numbers_willpower", w = w } end
  if w < 0 then return { "combat.numbers_strength", s = s } end
  return { "combat.numbers", s = s, w = w }
end

-- What a choice of combat type means for `who`: its total against the
-- other side's, each before its die; `paid` magic to force willpower
-- lowers its own willpower first (willpower is the magic left).
local function odds(f, who, opponent, combat, paid)
  return { "combat.your_total", total = total(f, who, opponent, combat) - (paid or 0), foe = total(f, opponent, who, combat) }
end

function M.start(f)
  f.seat = T.owner(f.attacker)
  f.cast_a, f.cast_d = {}, {}
  local d = f.defender
  local s_ok = is_char(d) or M.card_value(d, "strength", f.attacker) >= 0
  local w_ok = is_char(d) or M.card_value(d, "willpower", f.attacker) >= 0
  T.set_var("fight", f)
  if s_ok and not w_ok then return M.typed("strength") end
  if w_ok and not s_ok then return M.typed("willpower") end
  -- Both types are open: forcing willpower is the attacker's choice, even
  -- when a card makes it free (D-04, D-05); one that cannot pay declares strength.
  local cost = M.force_cost(f.attacker, d)
  if T.get(f.attacker, "magic") < cost then return M.strength_declared() end
  local a = f.attacker
  T.decide { seat = f.seat, prompt = { "combat.type", foe = d, numbers = M.numbers(d, a) },
             options = { { id = "strength", label = { "combat.by_strength", odds = odds(f, a, d, "strength") } },
                         { id = "willpower", label = { "combat.by_willpower", cost = cost, odds = odds(f, a, d, "willpower", cost) } } },
             on_choice = M.attacker_chose }
end

local function pay_force(payer, target)
  local cost = M.force_cost(payer, target)
  T.set(payer, "magic", T.get(payer, "magic") - cost)
  T.log({ "log.forced_will", who = names.who(payer), cost = cost })
end

function M.attacker_chose(ctx)
  local f = T.var("fight")
  if ctx.choice == "willpower" then
    pay_force(f.attacker, f.defender)
    return M.typed("willpower")
  end
  M.strength_declared()
end

-- D-05: against a strength fight, chosen or the only one its attacker can
-- afford, a defending character may pay to switch to willpower.
function M.strength_declared()
  local f = T.var("fight")
  if is_char(f.defender) then
    local cost = M.force_cost(f.defender, f.attacker)
    if T.get(f.defender, "magic") >= cost then
      return T.decide { seat = T.owner(f.defender), prompt = { "combat.defender_type", foe = f.attacker },
                        options = { { id = "strength", label = { "combat.accept_strength", odds = odds(f, f.defender, f.attacker, "strength") } },
                                    { id = "willpower", label = { "combat.by_willpower", cost = cost,
                                                                  odds = odds(f, f.defender, f.attacker, "willpower", cost) } } },
                        on_choice = M.defender_chose }
    end
  end
  M.typed("strength")
end

function M.defender_chose(ctx)
  local f = T.var("fight")
  if ctx.choice == "willpower" then pay_force(f.defender, f.attacker) end
  M.typed(ctx.choice)
end

-- The combat type is settled: spells next (the attacker's, then in a
-- fight between characters the defender's).
function M.typed(combat)
  local f = T.var("fight")
  f.combat = combat
  M.ask_spells(f.attacker, "a")
end

function M.ask_spells(char, side)
  local f = T.var("fight")
  local spells = gear.spells(char, f.combat)
  if #spells == 0 then return M.spells_cast({ args = { side = side }, choice = {} }) end
  local options = {}
  for _, s in ipairs(spells) do options[#options + 1] = { id = s, entity = s } end
  T.decide { seat = T.owner(char), prompt = "combat.spells", options = options, pick = { min = 0 },
             on_choice = M.spells_cast, args = { side = side } }
end

function M.spells_cast(ctx)
  local f = T.var("fight")
  local who = ctx.args.side == "a" and f.attacker or f.defender
  local cast = {}
  for _, s in ipairs(ctx.choice) do
    local id = math.tointeger(s) or s
    local cost = T.get(id, "spell_cost")
    if T.get(who, "magic") >= cost then
      T.set(who, "magic", T.get(who, "magic") - cost)
      cast[#cast + 1] = id
      T.log({ "log.cast", who = names.who(who), spell = id })
    end
  end
  if ctx.args.side == "a" then f.cast_a = cast else f.cast_d = cast end
  if ctx.args.side == "a" and is_char(f.defender) then return M.ask_spells(f.defender, "d") end
  M.resolve()
end

local function set_of(list)
  local s = {}
  for _, v in ipairs(list) do s[v] = true end
  return s
end

-- A side's total before the die.
function M.value(f, who, opponent, cast)
  local v
  if is_char(who) then
    v = f.combat == "strength" and T.get(who, "lives") or T.get(who, "magic")
    v = v + gear.best(who, f.combat) + gear.abilities(who, f.combat, set_of(cast or {}))
  else
    v = math.max(0, M.card_value(who, f.combat, opponent))
  end
  return v + T.modify("combat_bonus", 0, { fighter = who, opponent = opponent, combat = f.combat, purpose = f.purpose })
end

-- One die, or the best of several when a card lets its holder roll again
-- (Prayer, Concentration: the channel `rolls`).
local function roll_for(f, who)
  local n = math.max(1, T.modify("rolls", 1, { fighter = who, combat = f.combat }))
  local best = 0
  for _ = 1, n do best = math.max(best, dice.roll()) end
  return best
end

function M.resolve()
  local f = T.var("fight")
  local a = M.value(f, f.attacker, f.defender, f.cast_a)
  local d = M.value(f, f.defender, f.attacker, f.cast_d)
  local ra, rd = roll_for(f, f.attacker), roll_for(f, f.defender)
  f.total_a, f.total_d = a + ra, d + rd
  if f.total_a > f.total_d then
    f.result, f.winner, f.loser = "win", f.attacker, f.defender
  elseif f.total_a < f.total_d then
    f.result, f.winner, f.loser = "loss", f.defender, f.attacker
  else
    f.result = "draw"
  end
  T.log({ "log.fight", who = names.who(f.attacker), foe = is_char(f.defender) and names.who(f.defender) or { "word.card", c = f.defender },
          combat = { text_of(f.combat) }, a = a, ra = ra, d = d, rd = rd, result = { "combat." .. f.result } })
  local done = {}
  for k, v in pairs(f) do done[k] = v end
  T.set_var("fight", nil)
  T.emit("fight_over", done)
end

return M
