-- A fight between characters (PB §5.4, §5.5, D-05, D-08): on its own turn,
-- once, a character may attack another on its space when no monster is
-- left there. On a dove space (D-09), and in the Village after a night's
-- lodging, only a character holding an artifact may be attacked. The
-- loser chooses: lose a life, or let the winner take one of its items or
-- artifacts; the winner gains experience; a draw changes nothing. The
-- channel `may_attack` {attacker, target} (1: allowed) lets a rule forbid
-- a fight; the extension point `pvp_options` {seat, character, targets}
-- adds other kinds of fight (an expansion's fight for maps).
local T = tabula
local board = require "rules.board"
local combat = require "rules.combat"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.protected(char)
  local space = board.where(char)
  if board.tagged(space, "dove") then return true end
  local lodged = T.var("lodged")
  return lodged ~= nil and lodged[tostring(T.owner(char))] == true
end

function M.may_attack(attacker, target)
  if target == attacker or T.get(target, "out") then return false end
  if board.where(target) ~= board.where(attacker) then return false end
  if #board.monsters(board.where(attacker)) > 0 then return false end
  if M.protected(target) and board.artifact_count(T.owner(target)) == 0 then return false end
  return T.modify("may_attack", 1, { attacker = attacker, target = target }) > 0
end

function M.targets(char)
  local out = {}
  for _, c in ipairs(board.characters()) do
    if M.may_attack(char, c) then out[#out + 1] = c end
  end
  return out
end

function M.offer()
  local t = T.var("turn")
  if t.pvp then return end
  local targets = M.targets(t.char)
  if #targets == 0 then return end
  local options = {}
  for _, c in ipairs(targets) do
    options[#options + 1] = { id = c, label = { "pvp.attack", foe = names.who(c) }, on_choice = M.attack }
  end
  for _, o in ipairs(T.collect("pvp_options", { seat = t.seat, character = t.char, targets = targets })) do
    options[#options + 1] = o
  end
  -- The channel `must_attack` {character} (above 0: it must) takes away
  -- "no attack" (the Heroic Solution's final battle).
  if T.modify("must_attack", 0, { character = t.char }) == 0 then
    options[#options + 1] = { id = "none", label = "pvp.none" }
  end
  T.decide { seat = t.seat, prompt = "pvp.prompt", options = options, on_choice = M.none }
end

function M.none() end

function M.attack(ctx)
  local t = T.var("turn")
  t.pvp = true
  T.log({ "log.pvp", who = names.who(t.char), foe = names.who(ctx.choice) })
  combat.start { attacker = t.char, defender = ctx.choice, purpose = "pvp" }
end

-- What the loser could hand over.
local function belongings(char)
  local seat, out = T.owner(char), {}
  for _, it in ipairs(T.zone("items", seat)) do out[#out + 1] = it end
  for _, a in ipairs(T.zone("artifacts", seat)) do out[#out + 1] = a end
  return out
end

function M.hand_over(item, to_char)
  local seat = T.owner(to_char)
  if T.get(item, "deck") == "artifact" then
    T.move(item, "artifacts", seat)
    T.emit("artifact_taken", { character = to_char, card = item, seat = seat })
  else
    T.move(item, "items", seat)
  end
  T.log({ "log.taken", who = names.who(to_char), item = item })
end

function M.lose_life(loser, winner)
  resources.lose_lives(loser, 1, "pvp", winner)
  T.emit("pvp_life_lost", { loser = loser, winner = winner })
end

function M.loser_chose(ctx)
  local loser, winner = ctx.args.loser, ctx.args.winner
  if ctx.choice == "life" then return M.lose_life(loser, winner) end
  local options = {}
  for _, it in ipairs(belongings(loser)) do options[#options + 1] = { id = it, entity = it } end
  T.decide { seat = T.owner(winner), prompt = { "pvp.take", foe = names.who(loser) }, options = options,
             on_choice = M.winner_took, args = ctx.args }
end

function M.winner_took(ctx) M.hand_over(ctx.choice, ctx.args.winner) end

-- The standard outcome: the winner's experience, then the loser's choice.
function M.standard(winner, loser)
  resources.add(T.owner(winner), "exp", T.param("pvp_winner_exp"))
  if #belongings(loser) == 0 then return M.lose_life(loser, winner) end
  T.decide { seat = T.owner(loser), prompt = { "pvp.lost", foe = names.who(winner) },
             options = { { id = "life", label = "pvp.give_life" }, { id = "item", label = "pvp.give_item" } },
             on_choice = M.loser_chose, args = { loser = loser, winner = winner } }
end

function M.chose_standard(ctx) M.standard(ctx.args.winner, ctx.args.loser) end

-- A won fight: the extension point `pvp_won` {winner, loser} may offer the
-- winner other outcomes (options with their own on_choice; WR §3.5.2, the
-- loser's Map Part instead); else, or when it declines, the standard one.
M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "pvp" then return end
    if f.result == "draw" then return end
    local winner, loser = f.winner, f.loser
    local other = T.collect("pvp_won", { winner = winner, loser = loser })
    if #other == 0 then return M.standard(winner, loser) end
    other[#other + 1] = { id = "standard", label = "pvp.standard" }
    T.decide { seat = T.owner(winner), prompt = { "pvp.won", foe = names.who(loser) }, options = other,
               on_choice = M.chose_standard, args = { winner = winner, loser = loser } }
  end,
}

return M
