-- The astral spheres (PB §9.1, D-11). Attacking a sphere is an action
-- instead of movement from one of its two entry spaces. Its top card is
-- revealed and fought: a beaten lesser guardian gives its reward and
-- leaves, and the greater guardian below is fought at once; beating it
-- wins the artifact (with two artifacts there, the winner keeps one).
-- A loss (-1 life) or a draw ends the attack and the turn; a beaten
-- lesser guardian stays beaten and revealed cards stay face up.
-- A top card whose script has `attacked` (the Gate of the Water Realm)
-- takes over the attack.
local T = tabula
local board = require "rules.board"
local combat = require "rules.combat"
local names = require "rules.names"
local resources = require "rules.resources"
local rewards = require "rules.rewards"
local M = {}

function M.top(sphere) return T.zone(sphere)[1] end

-- The spheres with a hidden card, and the other places Clairvoyant Dream
-- may look into: zones an expansion names through the extension point
-- `dream_places` (the undersea palace, WR §3.3.5), each with a text
-- "sphere.<zone>".
function M.with_hidden()
  local out = {}
  local places = {}
  for _, sp in ipairs(board.SPHERES) do places[#places + 1] = sp end
  for _, z in ipairs(T.collect("dream_places", {})) do places[#places + 1] = z end
  for _, sp in ipairs(places) do
    for _, c in ipairs(T.zone(sp)) do
      if not T.face_up(c) then out[#out + 1] = sp break end
    end
  end
  return out
end

-- Turns up the first hidden card of a sphere (Clairvoyant Dream, PB §6.2)
-- and tells the cards: the event `sphere_card_revealed` {sphere, card,
-- how, seat}.
-- Two artifacts in one sphere count as one card (WR §3.2.2 f): both turn up.
function M.reveal_next(sphere, how, seat)
  for _, c in ipairs(T.zone(sphere)) do
    if not T.face_up(c) then
      T.turn(c, true)
      if T.kind(c) == "item" then
        for _, other in ipairs(T.zone(sphere)) do
          if T.kind(other) == "item" then T.turn(other, true) end
        end
      end
      T.log({ "log.sphere_revealed", sphere = { "sphere." .. sphere }, card = c })
      T.emit("sphere_card_revealed", { sphere = sphere, card = c, how = how, seat = seat })
      return c
    end
  end
end

-- A sphere can be attacked while it holds a card.
function M.attackable(sphere) return M.top(sphere) ~= nil end

function M.attack(char, sphere)
  local top = M.top(sphere)
  T.log({ "log.sphere_attack", who = names.who(char), sphere = { "sphere." .. sphere } })
  if not T.face_up(top) then
    T.turn(top, true)
    T.log({ "log.sphere_revealed", sphere = { "sphere." .. sphere }, card = top })
    T.emit("sphere_card_revealed", { sphere = sphere, card = top, how = "attack", seat = T.owner(char) })
  end
  if T.handles(top, "attacked") then
    return T.call(top, "attacked", { character = char, sphere = sphere, seat = T.owner(char) })
  end
  M.next_card(char, sphere)
end

-- Fights the sphere's top guardian, or takes its artifact(s).
function M.next_card(char, sphere)
  local top = M.top(sphere)
  if top == nil then return end
  if not T.face_up(top) then
    T.turn(top, true)
    T.log({ "log.sphere_revealed", sphere = { "sphere." .. sphere }, card = top })
  end
  if T.kind(top) == "guardian" then
    return combat.start { attacker = char, defender = top, purpose = "guardian", sphere = sphere }
  end
  M.win_artifacts(char, T.zone(sphere))
end

function M.go_on(ctx) M.next_card(ctx.args.char, ctx.args.sphere) end

-- The artifact(s) of a conquered sphere: with more than one (the ten
-- artifacts of WR §3.2.2 f), the winner keeps one and the rest leave.
function M.win_artifacts(char, cards)
  local arts = {}
  for _, c in ipairs(cards) do
    if T.kind(c) == "item" and T.get(c, "deck") == "artifact" then arts[#arts + 1] = c end
  end
  if #arts == 1 then return M.take_artifact(char, arts[1]) end
  if #arts == 0 then return end
  local options = {}
  for _, a in ipairs(arts) do
    T.turn(a, true)
    options[#options + 1] = { id = a, entity = a }
  end
  T.decide { seat = T.owner(char), prompt = "sphere.keep_artifact", options = options, on_choice = M.kept,
             args = { char = char, arts = arts } }
end

function M.kept(ctx)
  for _, a in ipairs(ctx.args.arts) do
    if a == ctx.choice then M.take_artifact(ctx.args.char, a) else T.move(a, "out") end
  end
end

function M.take_artifact(char, art)
  T.move(art, "artifacts", T.owner(char))
  T.turn(art, true)
  T.log({ "log.artifact", who = names.who(char), card = art })
  T.emit("artifact_taken", { character = char, card = art, seat = T.owner(char) })
end

M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "guardian" then return end
    local char, g = f.attacker, f.defender
    local t = T.var("turn")
    if f.result == "win" then
      T.log({ "log.beaten", who = names.who(char), card = g })
      T.move(g, "out")
      if T.get(g, "rank") == "lesser" then rewards.give(char, g) end
      T.emit("guardian_beaten", { character = char, card = g, sphere = f.sphere, seat = T.owner(char) })
      -- After the reward (which may ask a question), the next card.
      return T.schedule(M.go_on, { char = char, sphere = f.sphere })
    end
    if f.result == "loss" then resources.lose_lives(char, 1, "guardian") end
    if t and t.char == char then t.over = true end
  end,
}

return M
