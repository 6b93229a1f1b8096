-- The Dungeon (§4.3) and the battle (§5): equip weapons (D3), choose the
-- target (D4), its Battle effects, Diseases, the outcome; then the end of
-- the battle (§5.8.1) and the refill of the Hall (§5.9).
--
-- The attack is computed, never accumulated: `M.compute` adds up what every
-- card in play contributes now (its printed Attack, Magic Attack and Light,
-- the bonuses D2 effects gave it, and what its script adds through the
-- extension point `battle`), applies the target's abilities, the
-- reductions, the light penalty and the defeat conditions, in the order of
-- §5.2. So a Strength loss in a Battle effect drops a weapon at once, and
-- a destroyed card that stays in play until the end of the battle keeps
-- counting.
local T = tabula
local C = require "rules.cards"
local hall = require "rules.hall"
local reactions = require "rules.reactions"
local M = {}

local FACTOR = T.param("light_factor")

-- --- strength and weapons -------------------------------------------------

-- A hero's Strength now: printed, D2 bonuses and Battle effects
-- (turn.strength), and what cards add through `strength` (Toryn Gauntlet,
-- Phalanx Footman).
function M.strength(hero)
  local s = T.get(hero, "strength") + (C.turn().strength[C.key(hero)] or 0)
  for _, n in ipairs(T.collect("strength", { hero = hero })) do s = s + n end
  return s
end

-- The hero carrying a weapon, or nil.
function M.carrier(weapon) return C.turn().carry[C.key(weapon)] end

function M.weapons_of(hero)
  local out = {}
  for w, h in pairs(C.turn().carry) do
    if h == hero then out[#out + 1] = tonumber(w) end
  end
  table.sort(out)
  return out
end

-- Whether a weapon counts: carried by a hero strong enough for it (§5.2
-- step 1; a weapon whose hero's Strength fell below its Weight drops).
function M.weapon_counts(weapon)
  local h = M.carrier(weapon)
  return h ~= nil and C.in_play(h) and M.strength(h) >= (T.get(weapon, "weight") or 0)
end

-- §5.1: a hero that carried a weapon at any time this battle is equipped.
function M.equipped(hero) return C.turn().carried[C.key(hero)] == true end

-- How many weapons a hero may carry: one, more with Toryn Gauntlet.
local function capacity(hero)
  local n = 1
  for _, k in ipairs(T.collect("weapon_slots", { hero = hero })) do n = n + k end
  return n
end

function M.equipping_done() return C.turn().equipping_done end

-- A weapon onto a hero; a Dagger that may go to either of two Militia
-- alike (the same Strength, nothing carried, nothing used) is one option,
-- not two that read the same: the first Dagger, the first Militia.
local function equip_options(seat)
  local options, offered = {}, {}
  local heroes = C.heroes(seat)
  local names = C.names(seat)
  for _, w in ipairs(C.with_tag(seat, "weapon")) do
    if not M.carrier(w) then
      for _, h in ipairs(heroes) do
        local strength = M.strength(h)
        local alike = C.signature(w) .. ">" .. C.signature(h) .. "/" .. strength
        if not offered[alike] and #M.weapons_of(h) < capacity(h) and strength >= (T.get(w, "weight") or 0) then
          offered[alike] = true
          options[#options + 1] = { id = names[w] .. ">" .. names[h], entity = w,
            label = { "equip.option", weapon = w, hero = h }, weapon = w, hero = h }
        end
      end
    end
  end
  -- Two heroes alike in name but not in Strength: the label says which.
  local seen = {}
  for _, o in ipairs(options) do
    local pair = T.def(o.weapon) .. ">" .. T.def(o.hero)
    seen[pair] = (seen[pair] or 0) + 1
  end
  for _, o in ipairs(options) do
    if seen[T.def(o.weapon) .. ">" .. T.def(o.hero)] > 1 then
      o.label = { "equip.option_strength", weapon = o.weapon, hero = o.hero, strength = M.strength(o.hero) }
    end
  end
  return options
end

-- D3: one weapon at a time onto a hero (Strength ≥ Weight), until done.
function M.offer_equip(_ctx)
  local seat = C.turn().seat
  C.offer_more(seat, "equipping_done", "equip.prompt", "equip.done", equip_options(seat), M.equipped_one)
end

function M.equipped_one(ctx)
  local o = C.chosen(ctx, equip_options(ctx.args.seat))
  if not o then return end
  local turn = C.turn()
  turn.carry[C.key(o.weapon)] = o.hero
  turn.carried[C.key(o.hero)] = true
  T.log { "log.equipped", seat = ctx.args.seat, weapon = o.weapon, hero = o.hero }
end

-- --- the attack ---------------------------------------------------------------

-- Whether a hero can attack (§5.1, §5.5): no effect stopped it, and the
-- target's abilities let him (unequipped heroes, heroes below a Strength).
-- A hero that cannot attack gives nothing, Light included.
function M.can_attack(hero, target)
  if (C.turn().cannot or {})[C.key(hero)] then return false end
  target = target or C.target()
  if target and T.where(target) then
    if T.get(target, "unequipped_cannot_attack") and not M.equipped(hero) then return false end
    local min = T.get(target, "min_strength")
    if min > 0 and M.strength(hero) < min then return false end
  end
  return true
end

-- The hero a contribution belongs to: the hero itself, or a weapon's carrier.
local function hero_of(source)
  if C.is_hero(source) then return source end
  if T.has_tag(source, "weapon") then return M.carrier(source) end
  return nil
end

-- Whether what `source` gives counts now: it is in play; a weapon is
-- carried and not dropped; a hero, or a weapon's carrier, can attack.
local function counts(source, target)
  if not C.in_play(source) then return false end
  if T.has_tag(source, "weapon") and not M.weapon_counts(source) then return false end
  local h = hero_of(source)
  if h and not M.can_attack(h, target) then return false end
  return true
end

-- Every contribution of the party that counts against `target`, each
-- { source, attack, magic, light, surplus_magic, double } (§5.2 step 1).
function M.contributions(seat, target, rank)
  local out = {}
  local bonus = C.turn().bonus
  for _, c in ipairs(C.party(seat)) do
    local t = C.type(c)
    if t == "hero" or t == "village" then
      local b = bonus[C.key(c)] or {}
      out[#out + 1] = { source = c, attack = T.get(c, "attack") + (b.attack or 0),
        magic = T.get(c, "magic") + (b.magic or 0), light = T.get(c, "light") + (b.light or 0) }
    end
  end
  for _, k in ipairs(T.collect("battle", { seat = seat, target = target, rank = rank })) do out[#out + 1] = k end
  local kept = {}
  for _, k in ipairs(out) do
    if counts(k.source, target) then kept[#kept + 1] = k end
  end
  return kept
end

-- The light penalty's parts against `target` in `rank` (§5.3): the base
-- (the rank, times the GLOBAL factors such as Guardian of Night's) and the
-- monster modifiers: those that make it worse and those that make it
-- better (its own `light_mod`, every GLOBAL light in the Dungeon). Rank 0
-- has no penalty at all.
function M.penalty_parts(target, rank)
  if rank == 0 then return 0, 0, 0 end
  local base = rank
  for _, f in ipairs(T.collect("penalty_factor", {})) do base = base * f end
  local worse, better = 0, 0
  local function mod(n)
    if n > 0 then better = better + n else worse = worse - n end
  end
  mod(T.get(target, "light_mod"))
  for _, c in ipairs(hall.monsters()) do mod(T.get(c, "global_light")) end
  return base, worse, better
end

-- A Spell or Item counts as used (Blaze, OQ-44) if it gave something this
-- battle or one of its effects was used this turn.
local function spell_or_item_used(contributions)
  for _, k in ipairs(contributions) do
    if (T.has_tag(k.source, "spell") or T.has_tag(k.source, "item"))
      and ((k.attack or 0) ~= 0 or (k.magic or 0) ~= 0 or (k.light or 0) ~= 0) then return true end
  end
  for key in pairs(C.turn().used) do
    local card = tonumber(key:match("^(%d+):"))
    if card and T.where(card) and (T.has_tag(card, "spell") or T.has_tag(card, "item")) then return true end
  end
  return false
end

-- Whether X of "Half-Attack without X" is present: "magic" (Magic Attack),
-- else a tag one of the party's cards carries.
local function present(what, seat, magic)
  if what == "magic" then return magic > 0 end
  return #C.with_tag(seat, what) > 0
end

-- The battle as it stands, in the order of §5.2 (steps 1–9). `reductions`
-- and `to_magic`: how many points of Disease and other "Attack −1" effects
-- there are and how many of them the player put on Magic Attack.
function M.compute(seat, target, rank, reductions, to_magic)
  local turn = C.turn()
  reductions = reductions or turn.reduce + #C.with_tag(seat, "disease")
  local ks = M.contributions(seat, target, rank)
  local A, Mg, light, per_surplus, doubled = 0, 0, 0, 0, 0
  local immune_magic = T.get(target, "immune_magic")
  local immune_unequipped = T.get(target, "immune_unequipped")
  local immune_spells = T.get(target, "immune_spells")
  local immune_edged = T.get(target, "immune_edged")
  -- steps 1–2: contributions, less what the target is immune to. An
  -- immunity takes a source's Attack and Magic Attack whatever their origin:
  -- the Magic Attack it makes of surplus Light too (§5.5, Orc Warlord).
  for _, k in ipairs(ks) do
    local a, m, s = k.attack or 0, k.magic or 0, k.surplus_magic or 0
    local src = k.source
    if (immune_unequipped and C.is_hero(src) and not M.equipped(src))
      or (immune_spells and T.has_tag(src, "spell"))
      or (immune_edged and T.has_tag(src, "edged")) then a, m, s = 0, 0, 0 end
    if immune_magic then m, s = 0, 0 end
    A, Mg, light = A + a, Mg + m, light + (k.light or 0)
    per_surplus = per_surplus + s
    doubled = doubled + (k.double or 0)
  end
  -- step 4: reductions, each on a pool that is at least 1; step 5: clamp.
  -- Before the player has split them (a target's preview), they go on
  -- Attack as far as it reaches and the rest on Magic Attack.
  if not to_magic then to_magic = math.max(0, reductions - A) end
  local on_magic = math.min(to_magic, Mg)
  Mg = Mg - on_magic
  A = math.max(0, A - (reductions - on_magic))
  -- the light penalty and the surplus light (§5.3)
  local base, worse, better = M.penalty_parts(target, rank)
  local penalty, surplus
  if T.get(target, "light_unreducible") then
    penalty, surplus = base + worse, 0
  else
    local before = base + worse - better
    penalty = math.max(0, before - light)
    surplus = math.max(0, light - math.max(0, before))
  end
  if not immune_magic then Mg = Mg + per_surplus * surplus end
  -- step 6: doubling after every modifier but light; halving abilities
  for _ = 1, doubled do A, Mg = A * 2, Mg * 2 end
  if T.get(target, "half_magic") then Mg = Mg // 2 end
  -- step 7: the total; Half-Attack without X halves it before light (OQ-9)
  local total = T.get(target, "magic_only") and Mg or A + Mg
  local without = T.get(target, "half_without")
  if without and not present(without, seat, Mg) then total = total // 2 end
  -- step 8: light
  total = math.max(0, total - FACTOR * penalty)
  -- step 9: health and the conditions
  local health = T.get(target, "health")
  local gold_needed = T.get(target, "double_health_below_gold")
  if gold_needed > 0 and C.revealed_gold(seat) < gold_needed then health = health * 2 end
  local win = total >= health
  if T.get(target, "heroes_needed") > #C.heroes(seat) then win = false end
  if T.get(target, "magic_required") and Mg < 1 then win = false end
  if T.get(target, "spell_or_item_needed") and not spell_or_item_used(ks) then win = false end
  return { attack = A, magic = Mg, light = light, penalty = penalty, total = total, health = health, win = win }
end

-- --- choosing the target (D4) -----------------------------------------------

function M.offer_target(_ctx)
  local seat = C.turn().seat
  local options = {}
  for _, m in ipairs(hall.monsters()) do
    local rank = hall.rank_of(m)
    local r = M.compute(seat, m, rank)
    options[#options + 1] = { id = rank .. ":" .. T.def(m), entity = m,
      label = { "target.option", monster = m, rank = rank, total = r.total, health = r.health } }
  end
  T.decide { seat = seat, prompt = "target.prompt", options = options, on_choice = "targeted", args = { seat = seat } }
end

function M.targeted(ctx)
  local turn = C.turn()
  for _, m in ipairs(hall.monsters()) do
    if hall.rank_of(m) .. ":" .. T.def(m) == ctx.choice then
      turn.target = m
      turn.rank = hall.rank_of(m)
      T.log { "log.target", seat = ctx.args.seat, monster = m, rank = turn.rank }
      return
    end
  end
end

-- --- the battle's stages ------------------------------------------------------

-- Step 3: the target's Battle effects, once, or more while Guardian of
-- Torment stands in Rank 0 (`battle_repeats`).
function M.battle_effects(_ctx)
  local turn = C.turn()
  local m = turn.target
  if not T.handles(m, "battle") then return end
  local times = 1
  for _, n in ipairs(T.collect("battle_repeats", {})) do times = times + n end
  for _ = 1, times do
    T.schedule(M.one_battle_effect, { seat = turn.seat, monster = m })
  end
end

-- One run of the target's Battle effect; the player may first keep it off
-- himself (Ruby Dragon, §4.9), and other players too when it reaches them
-- (a monster tagged `all_players`).
function M.one_battle_effect(ctx)
  local seats = { ctx.args.seat }
  if T.has_tag(ctx.args.monster, "all_players") then
    for _, s in ipairs(C.others(ctx.args.seat)) do seats[#seats + 1] = s end
  end
  reactions.guard("blocks_battle", ctx.args.monster, seats, M.run_battle_effect, ctx.args)
end

function M.run_battle_effect(ctx) T.call(ctx.args.monster, "battle", ctx.args) end

-- Step 4 (OQ-35): the Diseases and other "Attack −1" effects, each on
-- Attack or Magic Attack (a pool that is at least 1). One question: how
-- many go on Magic Attack, when more than one split is possible.
function M.diseases(_ctx)
  local turn = C.turn()
  local seat = turn.seat
  local n = turn.reduce + #C.with_tag(seat, "disease")
  turn.reductions = n
  if n == 0 then return end
  local r = M.compute(seat, turn.target, turn.rank, 0, 0)
  local A, Mg = r.attack, r.magic
  if A + Mg <= n then
    turn.to_magic = Mg
    return
  end
  local lo, hi = math.max(0, n - A), math.min(n, Mg)
  turn.to_magic = lo
  if lo == hi then return end
  local options = {}
  for k = lo, hi do options[#options + 1] = { id = k, label = { "disease.option", magic = k, attack = n - k } } end
  T.decide { seat = seat, prompt = { "disease.prompt", n = n }, options = options, on_choice = "diseases_split" }
end

function M.diseases_split(ctx) C.turn().to_magic = ctx.choice end

-- Steps 9–10: the outcome. A won monster joins the player's discard pile
-- with its XP; a lost one goes under the Dungeon deck (§5.7).
function M.resolve(_ctx)
  local t = C.turn()
  local seat, m, rank = t.seat, t.target, t.rank
  local r = M.compute(seat, m, rank, t.reductions, t.to_magic)
  -- what the battle came to, for the screen and for tests (a new variable
  -- makes live tables read before it stale: read the turn again after)
  T.set_var("last_battle", { attack = r.attack, magic = r.magic, light = r.light, penalty = r.penalty,
    total = r.total, health = r.health, won = r.win })
  local turn = C.turn()
  T.log { "log.battle", seat = seat, monster = m, total = r.total, health = r.health, penalty = r.penalty }
  if r.win then
    turn.won = true
    turn.claim = rank == 1
    T.add_counter(seat, "xp", T.get(m, "xp"))
    C.gain(m, seat)
    T.log { "log.won", seat = seat, monster = m, xp = T.get(m, "xp") }
    T.emit("monster_defeated", { seat = seat, monster = m })
  else
    turn.lost = true
    T.log { "log.lost", seat = seat, monster = m }
    if hall.to_bottom(m) then
      T.log { "log.to_bottom", monster = m }
      -- Nobody sees it there: the card remembers the battle until the
      -- refill, not the record (a public variable: an id names the card).
      T.set(m, "lost_battle", true)
      turn.target = false
    end
  end
end

-- §5.8.1: the monster's end-of-battle clause (Medusa), the cards' (Spoiled
-- Food), then the destructions.
function M.end_of_battle(_ctx)
  local turn = C.turn()
  local m = C.target()
  if m and T.handles(m, "end_of_battle") then T.call(m, "end_of_battle", { seat = turn.seat }) end
  T.emit("battle_ends", { seat = turn.seat })
  T.schedule("destructions")
end

-- Marked cards leave play now, and heroes with Strength 0 or less; a card
-- may save one (Guardian Blade: `instead_of_destroy` returns "discard").
function M.destructions(_ctx)
  local turn = C.turn()
  local seat = turn.seat
  local doomed = {}
  for _, c in ipairs(turn.marked) do doomed[#doomed + 1] = c end
  for _, h in ipairs(C.heroes(seat)) do
    if M.strength(h) <= 0 and not C.is_marked(h) then doomed[#doomed + 1] = h end
  end
  for _, c in ipairs(doomed) do
    if C.in_play(c) then
      local instead = T.collect("instead_of_destroy", { card = c })
      if instead[1] == "discard" then
        C.discard(c, seat)
        T.log { "log.saved", card = c }
      else
        C.destroy(c)
      end
    end
  end
end

-- §5.9: the battle is over; a lost monster under the Dungeon deck is
-- forgotten (C.target).
function M.refill(_ctx)
  local m = C.target()
  if m and T.get(m, "lost_battle") then T.set(m, "lost_battle", nil) end
  hall.refill(C.turn().seat)
end

return M
