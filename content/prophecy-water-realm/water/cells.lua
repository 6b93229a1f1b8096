-- What happens on a cell (WR §3.3.11 to §3.3.13): a face-down card is
-- turned up; a negative card is obeyed (an obstacle's text, a current's
-- push, a monster's fight); a positive card may be used (an opportunity),
-- taken (an item, free) or bought (an ability, with experience only). The
-- variable `water_step` says whether the character may take a second step.
local T = tabula
local combat = require "rules.combat"
local names = require "rules.names"
local resources = require "rules.resources"
local rewards = require "rules.rewards"
local realm = require "water.realm"
local M = {}

local function step_state() return T.var("water_step") end

local function no_second_step()
  local s = step_state()
  if s then s.may_go_on = false end
end

-- The character has just come onto `cell` (a step, or a current's push).
function M.enter(char, cell)
  if cell == realm.PALACE then
    no_second_step()
    return require("water.palace").enter(char)
  end
  local cards = realm.cards(cell)
  local turned = false
  for _, c in ipairs(cards) do
    if not T.face_up(c) then
      T.turn(c, true)
      turned = true
      T.log({ "water.log.revealed", card = c, cell = { "water.cells." .. cell } })
    end
  end
  if turned or #realm.others_on(cell, char) > 0 then no_second_step() end
  for _, c in ipairs(cards) do
    if realm.negative(c) then
      no_second_step()
      return M.negative(char, c, cell)
    end
  end
  if cards[1] then return M.positive(char, cards[1]) end
end

-- Negative cards (§3.3.12): obstacles stay and act on every entry;
-- monsters are fought.
function M.negative(char, card, cell)
  local t = T.var("turn")
  if T.get(card, "type") == "monster" then
    T.set(char, "stuck_with", -1)
    return combat.start { attacker = char, defender = card, purpose = "water_monster", cell = cell }
  end
  local e = T.get(card, "effect")
  if (e.bubbles or 0) > 0 then realm.pay(char, e.bubbles, "obstacle") end
  if (e.lives or 0) > 0 then resources.lose_lives(char, e.lives, "obstacle") end
  if (e.exp or 0) > 0 and not T.get(char, "out") then
    resources.add(T.owner(char), "exp", e.exp)
    T.log({ "water.log.obstacle_exp", who = names.who(char), card = card, exp = e.exp })
  end
  if (e.displace or 0) > 0 and realm.in_realm(char) and t and not t.over then M.push(char, e.displace) end
end

-- A current (or the Drowned Sailors) carries the character `n` cells in a
-- random direction: a die read on the compass rose (D-32; the channel
-- `choose_current` {character} above 0: it chooses). Only the landing cell
-- counts (Q-9): off the board, it leaves the realm; on another negative card
-- or a face-down one, it is resolved as entered; on a revealed positive
-- card, its use is offered (Q-9 b); elsewhere it stops.
local DIRS = { east = { 1, 0 }, west = { -1, 0 }, north = { 0, 1 }, south = { 0, -1 } }

function M.push(char, n)
  if T.modify("choose_current", 0, { character = char }) > 0 then
    local options = {}
    for _, d in ipairs { "north", "east", "south", "west" } do options[#options + 1] = { id = d, label = "water.dir_" .. d } end
    return T.decide { seat = T.owner(char), prompt = "water.current_choose", options = options, on_choice = M.pushed,
                      args = { char = char, n = n } }
  end
  local rose = T.param("compass_rose")
  local dir
  repeat dir = T.chance("current", rose) until DIRS[dir]
  M.pushed({ choice = dir, args = { char = char, n = n } })
end

function M.pushed(ctx)
  local char, n = ctx.args.char, ctx.args.n
  local d = DIRS[ctx.choice]
  local x, y = realm.xy(T.where(char))
  local to = realm.cell(x + d[1] * n, y + d[2] * n)
  T.log({ "water.log.pushed", who = names.who(char), dir = { "water.dir_" .. ctx.choice } })
  if to == nil then return M.thrown_out(char) end
  T.move(char, to)
  no_second_step()
  local cards = realm.cards(to)
  for _, c in ipairs(cards) do
    if realm.negative(c) or not T.face_up(c) then return M.enter(char, to) end
  end
  -- Q-9 (b): a revealed positive card where it lands may be used (asked).
  if cards[1] then return M.positive(char, cards[1]) end
end

-- Off the board by a current: back on the base board, where the turn goes
-- on as if the character had just arrived (§3.3.11 item 6, D-35).
function M.thrown_out(char)
  local turn_mod = require "water.turn"
  turn_mod.ask_exit(char)
end

-- Positive cards (§3.3.13): optional.
function M.positive(char, card)
  local seat = T.owner(char)
  local label
  local kind = T.kind(card)
  if kind == "item" then
    label = { "water.take", card = card }
  elseif kind == "ability" then
    if resources.exp(seat) < T.get(card, "cost") then return end
    label = { "water.buy", card = card, exp = T.get(card, "cost") }
  else
    if not M.useful(char, T.get(card, "effect")) then return end
    label = { "water.use", card = card }
  end
  T.decide { seat = seat, prompt = { "water.positive", card = card },
             options = { { id = "use", label = label }, { id = "leave", label = "water.leave_card" } },
             on_choice = M.used, args = { char = char, card = card } }
end

-- An opportunity is used only when it does something (§3.3.13).
function M.useful(char, e)
  if e.refill then return T.get(char, "air_spent") > 0 end
  if e.heal then return resources.can_heal(char) end
  return true
end

function M.used(ctx)
  local char, card = ctx.args.char, ctx.args.card
  if ctx.choice ~= "use" then return end
  -- Q-8: using a card ends the movement.
  no_second_step()
  local seat = T.owner(char)
  local kind = T.kind(card)
  if kind == "item" then
    T.move(card, "items", seat)
    T.log({ "water.log.took", who = names.who(char), card = card })
    return
  end
  if kind == "ability" then
    resources.pay(seat, "exp", T.get(card, "cost"))
    T.move(card, "abilities", seat)
    T.log({ "water.log.bought", who = names.who(char), card = card })
    return
  end
  local e = T.get(card, "effect")
  if e.refill then realm.refill(char, T.param("cave_refill")) end
  if e.heal then resources.heal(char, e.heal, "water") end
  if e.gold then resources.add(seat, "gold", e.gold) end
  for _ = 1, e.rare or 0 do rewards.take_item(seat, "rare") end
  T.log({ "water.log.used", who = names.who(char), card = card })
  T.move(card, "out")
end

-- A water monster's fight (§3.3.12): a win gives the reward and removes
-- the card from the game; a loss (-1 life, or what the card takes) or a
-- draw ends the turn at once, and the character must fight it again or flee
-- next turn. The Drowned Sailors carry a loser away (D-34 WN-2).
M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "water_monster" then return end
    local char, m = f.attacker, f.defender
    local t = T.var("turn")
    if f.result == "win" then
      T.log({ "log.beaten", who = names.who(char), card = m })
      T.set(char, "stuck_with", -1)
      T.move(m, "out")
      rewards.give(char, m)
      T.emit("monster_beaten", { character = char, card = m, seat = T.owner(char) })
      return
    end
    if f.result == "loss" then require("rules.monsters").punish(char, m) end
    if t and t.char == char then t.over = true end
    if T.get(char, "out") or not realm.in_realm(char) then return end
    T.set(char, "stuck_with", m)
    local away = T.get(m, "effect").displace_on_loss
    if f.result == "loss" and away then
      T.set(char, "stuck_with", -1)
      M.push(char, away)
    end
  end,
}

return M
