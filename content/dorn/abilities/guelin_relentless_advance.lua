-- Guelin's Relentless Advance (L1), components §3.8, dorn.md §5.2: he may
-- make his attacks in the movement phase (H2), before he or any other hero
-- has walked a step this turn; the attacks made so are spent, so H3 has
-- fewer (this answers the channel `attacks` {figure} with the count taken
-- off).
--
-- The H2 option "advance:<ability>" asks for one attack at a time: one of
-- his attack abilities and a target it reaches (rules/reach.lua; the
-- range through the channel `range`). The attack is made as §5.2 says for
-- a plain attack: the event `attacked`, the channel `attack_cancelled`
-- (ghost, Zorkal's parry), then the ability's `damage` as a wound.
local T = tabula
local P = require "rules.passives"
local abilities = require "rules.abilities"
local board = require "rules.board"
local movement = require "rules.movement"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

-- Attacks he still has this turn: the card's at his level, through the
-- channel `attacks` (which this script lowers by those made in H2).
local function attacks_left(guelin)
  local base = T.def_get(T.def(guelin), "attacks")[T.get(guelin, "level")]
  return T.modify("attacks", base, { figure = guelin })
end

local function nobody_walked()
  for _, h in ipairs(board.all("hero")) do
    if T.get(h, "steps") > 0 then return false end
  end
  return true
end

-- "<attack ability>@<target>" for every attack he can make now.
local function attack_options(guelin)
  local out = {}
  for _, ab in ipairs(abilities.of(guelin, "attack")) do
    local d = T.def(ab)
    local range = T.modify("range", T.def_get(d, "range"), { figure = guelin, ability = ab })
    for _, t in ipairs(reach.targets(guelin, T.def_get(d, "reach"), range)) do
      out[#out + 1] = { id = ab .. "@" .. t, label = { "passive.attack", ability = ab, target = t } }
    end
  end
  return out
end

function M.ask(ctx)
  local a = math.tointeger(tonumber(tostring(ctx.choice):match("^advance:(%d+)$")))
  local guelin = T.get(a, "holder")
  local options = attack_options(guelin)
  options[#options + 1] = { id = "back", label = "passive.back" }
  T.decide { seat = T.owner(guelin), prompt = { "passive.advance", hero = guelin }, options = options,
             on_choice = M.attack, args = { ability = a } }
end

function M.attack(ctx)
  if ctx.choice == "back" then return end
  local a = ctx.args.ability
  local guelin = T.get(a, "holder")
  local ab, target = ctx.choice:match("^(%d+)@(%d+)$")
  ab, target = math.tointeger(tonumber(ab)), math.tointeger(tonumber(target))
  P.use(a)
  T.emit("attacked", { figure = guelin, ability = ab, target = target })
  local cancelled = T.modify("attack_cancelled", 0, { attacker = guelin, target = target, how = "attack", ability = ab })
  if cancelled == 0 then
    wounds.deal(target, T.def_get(T.def(ab), "damage"), { by = guelin, how = "attack", card = ab })
  end
end

M.extend = {
  h2_actions = function(ctx)
    local guelin = P.ready(ctx.self)
    if not guelin or not P.effect(ctx.self, "attacks_before_moving") or T.owner(guelin) ~= ctx.args.seat then return nil end
    if not P.heroes_turn() or not nobody_walked() or attacks_left(guelin) <= 0 then return nil end
    if not movement.may_act(guelin, "attack") or #attack_options(guelin) == 0 then return nil end
    return { { id = "advance:" .. ctx.self, label = { "passive.relentless", hero = guelin, ability = ctx.self }, on_choice = M.ask } }
  end,
}

M.modify = {
  attacks = function(ctx)
    if P.ready(ctx.self) ~= ctx.args.figure then return ctx.args.amount end
    return ctx.args.amount - P.uses(ctx.self)
  end,
}

return M
