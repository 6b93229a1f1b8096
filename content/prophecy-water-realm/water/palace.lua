-- The undersea palace (WR §3.3.14, §3.3.17): it counts as a sphere. A
-- character stepping in attacks the greater guardian at once, with no water
-- card and no underwater penalty (water/rules.lua). It wins the artifact
-- (and those of a character that died here, Q-21) and a Rainbow Pearl,
-- may get back the lives and magic it lost since it entered (Q-6, asked),
-- leaves for an entry space of its choice and its turn ends. After a
-- loss (-1 life, D-11) or a draw it stays, pays no bubble while it waits,
-- and later leaves or attacks again. Once the guardian is beaten, a later
-- arrival takes a Pearl if it has none (and may refill) and returns; its
-- turn ends (Q-10).
local T = tabula
local combat = require "rules.combat"
local names = require "rules.names"
local resources = require "rules.resources"
local spheres = require "rules.spheres"
local realm = require "water.realm"
local M = {}

function M.guardian()
  for _, id in ipairs(T.zone(realm.PALACE)) do
    if T.kind(id) == "guardian" or (T.kind(id) == "water" and T.get(id, "type") == "monster") then return id end
  end
  return nil
end

function M.attack(char)
  local g = M.guardian()
  if not T.face_up(g) then
    T.turn(g, true)
    T.log({ "water.log.palace_guardian", card = g })
  end
  combat.start { attacker = char, defender = g, purpose = "palace" }
end

-- Entering the palace.
function M.enter(char)
  if M.guardian() then return M.attack(char) end
  if M.take_pearl(char) then T.schedule(M.offer_refill, { char = char }) end
  T.schedule(M.go_home, { char = char })
end

-- Takes a Pearl if the seat has none and one is left; true if it did. The
-- seed's later arrival "may take" one (§3.3.14 item 5): taken at once, as
-- holding a Pearl is never worse (README, "Optional rules").
function M.take_pearl(char)
  local seat = T.owner(char)
  if realm.has_pearl(seat) then return false end
  for _, id in ipairs(T.zone(realm.PALACE)) do
    if T.kind(id) == "pearl" then
      T.move(id, "pearls", seat)
      T.turn(id, true)
      T.log({ "water.log.pearl", who = names.who(char) })
      T.emit("pearl_taken", { character = char, seat = seat })
      return true
    end
  end
  return false
end

-- The Pearl's refill (§3.3.17, Q-6): "umožňuje ... doplnit", so its owner
-- is asked whether it takes back the lives and magic lost since it entered
-- (being wounded can matter: an opportunity only a wounded character uses).
local function lost(char)
  return math.max(0, T.get(char, "entry_lives") - T.get(char, "lives")),
         math.max(0, T.get(char, "entry_magic") - T.get(char, "magic"))
end

function M.offer_refill(ctx)
  local char = ctx.args.char
  if T.get(char, "out") then return end
  local lives, magic = lost(char)
  if lives == 0 and magic == 0 then return end
  T.decide { seat = T.owner(char), prompt = { "water.refill", lives = lives, magic = magic },
             options = { { id = "refill", label = "water.refill_yes" }, { id = "no_refill", label = "water.refill_no" } },
             on_choice = M.refilled, args = { char = char } }
end

function M.refilled(ctx)
  if ctx.choice ~= "refill" then return end
  local char = ctx.args.char
  local lives, magic = lost(char)
  resources.heal(char, lives, "pearl")
  resources.restore_magic(char, magic, "pearl")
end

-- Leaves for an entry space; the turn ends.
function M.send_home(char)
  local options = realm.exits("home:", M.home)
  T.decide { seat = T.owner(char), prompt = "water.where_out", options = options, on_choice = M.home,
             args = { char = char } }
end

function M.home(ctx)
  local char = ctx.args.char
  realm.leave(char, tostring(ctx.choice):match("^home:(.+)$"))
  local t = T.var("turn")
  if t and t.char == char then t.over = true end
end

function M.go_home(ctx) M.send_home(ctx.args.char) end

-- The guardian's artifact(s) (those that came from the Gate's sphere, the
-- cards marked `from_gate`: with two, the winner keeps one) and, apart from
-- them, the artifacts of a character that died in the palace (Q-21): the
-- winner is the first to end its movement here with no guardian left, and
-- takes them all; none of them is the guardian's to discard. Before the
-- Gate is found (var water_artifacts unset) every artifact here is guarded.
function M.win_artifacts(char)
  local found = T.var("water_artifacts") ~= nil
  local guarded, lying = {}, {}
  for _, id in ipairs(T.zone(realm.PALACE)) do
    if T.kind(id) == "item" and T.get(id, "deck") == "artifact" then
      if T.get(id, "from_gate") or not found then guarded[#guarded + 1] = id else lying[#lying + 1] = id end
    end
  end
  for _, a in ipairs(lying) do spheres.take_artifact(char, a) end
  spheres.win_artifacts(char, guarded)
end

M.on = {
  fight_over = function(ctx)
    local f = ctx.args
    if f.purpose ~= "palace" then return end
    local char, g = f.attacker, f.defender
    local t = T.var("turn")
    if f.result == "win" then
      T.log({ "log.beaten", who = names.who(char), card = g })
      T.move(g, "out")
      T.set(char, "palace_wait", false)
      M.win_artifacts(char)
      if M.take_pearl(char) then T.schedule(M.offer_refill, { char = char }) end
      T.emit("palace_won", { character = char, card = g })
      return T.schedule(M.go_home, { char = char })
    end
    if f.result == "loss" then resources.lose_lives(char, 1, "guardian") end
    if not T.get(char, "out") and realm.in_realm(char) then T.set(char, "palace_wait", true) end
    if t and t.char == char then t.over = true end
  end,
}

return M
