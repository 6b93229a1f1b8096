-- Adventures on the space (PB §4 steps 3-4, §5.2, §6.1): face-down cards are
-- turned up; every monster there must be fought, in the order the player
-- chooses; a loss (-1 life, or what the card takes instead, D-07) or a
-- draw ends the turn and the monster stays. A beaten monster gives its
-- reward and is discarded; a group (`lives` > 1) loses one life per win
-- and is fought again at once.
local T = tabula
local board = require "rules.board"
local combat = require "rules.combat"
local death = require "rules.death"
local names = require "rules.names"
local resources = require "rules.resources"
local rewards = require "rules.rewards"
local M = {}

local function turn() return T.var("turn") end

-- Step 3: reveal. The event `revealed` {card, space, seat} for each card.
function M.reveal()
  local t = turn()
  local space = board.where(t.char)
  for _, a in ipairs(board.adventures(space)) do
    if not T.face_up(a) then
      T.turn(a, true)
      T.log({ "log.revealed", card = a })
      T.emit("revealed", { card = a, space = space, seat = t.seat })
    end
  end
end

function M.done()
  local t = turn()
  if t.over or t.monsters_done or T.get(t.char, "out") or not board.on_board(board.where(t.char)) then return true end
  return #board.monsters(board.where(t.char)) == 0
end

-- Step 4: the player picks the next monster; cards that let it pass them
-- by (Sneaking) answer the extension point `monster_options` {seat,
-- character, space} with options of their own.
function M.offer()
  local t = turn()
  local space = board.where(t.char)
  local foes = board.monsters(space)
  local extra = T.collect("monster_options", { seat = t.seat, character = t.char, space = space })
  if #foes == 1 and #extra == 0 then return M.fight(foes[1]) end
  local options = {}
  for _, m in ipairs(foes) do options[#options + 1] = { id = m, entity = m, label = { "monsters.fight", m = m, numbers = combat.numbers(m, t.char) } } end
  for _, o in ipairs(extra) do options[#options + 1] = o end
  T.decide { seat = t.seat, prompt = "monsters.which", options = options, on_choice = M.chosen }
end

function M.chosen(ctx) M.fight(ctx.choice) end

function M.fight(monster)
  local t = turn()
  combat.start { attacker = t.char, defender = monster, purpose = "monster" }
end

-- Where a beaten adventure goes: its discard pile, or where the extension
-- point `lost_card` says (an expansion's cards leave the game).
function M.discard(card)
  local where = T.collect("lost_card", { card = card })[1]
  if where then
    T.move(card, where.zone, where.seat, where.position)
    return
  end
  T.set(card, "wounds", 0)
  T.move(card, "adventure_discard")
end

-- What a monster takes when it wins (D-07): a life, or its card's `on_loss`.
function M.punish(char, monster)
  local loss = T.get(monster, "on_loss")
  local seat = T.owner(char)
  if loss.magic then
    resources.lose_magic(char, loss.magic)
    T.log({ "log.magic_lost", who = names.who(char), n = loss.magic })
  elseif loss.gold then
    resources.add(seat, "gold", -loss.gold)
    T.log({ "log.gold_lost", who = names.who(char), n = loss.gold })
  elseif loss.item and T.count("items", seat) > 0 then
    -- The monster takes the dearest item (artifacts are never lost so).
    local best
    for _, it in ipairs(T.zone("items", seat)) do
      if best == nil or T.get(it, "price") > T.get(best, "price") then best = it end
    end
    T.log({ "log.item_lost", who = names.who(char), item = best })
    death.discard(best)
  else
    resources.lose_lives(char, loss.lives or 1, "monster")
  end
end

M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "monster" then return end
    local t = turn()
    local char, m = f.attacker, f.defender
    if f.result == "win" then
      T.add(m, "wounds", 1)
      if T.get(m, "wounds") < T.get(m, "lives") then
        T.log({ "log.group_hit", card = m, left = T.get(m, "lives") - T.get(m, "wounds") })
        return M.fight(m)
      end
      T.log({ "log.beaten", who = names.who(char), card = m })
      M.discard(m)
      rewards.give(char, m)
      T.emit("monster_beaten", { character = char, card = m, seat = T.owner(char) })
    else
      if f.result == "loss" then M.punish(char, m) end
      if t and t.char == char then t.over = true end
    end
  end,
}

return M
