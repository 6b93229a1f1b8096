-- Lives, wounds and what follows them: dorn.md §5.5, §4.10, §4.13, §4.11.1.
-- A figure's lives are the kernel's hit points (`max_life`) less its damage
-- (`wounds`), so every wound goes through `tabula.damage` and its `damage`
-- modifiers: a card that prevents a wound is a `modify.damage` listener.
--
-- `info` of a wound (passed to the modifiers as ctx.args):
--   by   the figure (entity id) responsible: the attacker, the caster, the
--        hero who used the item or Blessing; nil for none
--   how  "attack" (a sword ability or a monster's attack), "spell", "item",
--        "blessing", "ritual", "ability" (a passive ability's effect) or
--        "exhaustion" (a harder spell's cost, §5.3)
--   card the ability, card or monster entity whose effect it is (optional)
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local victory = require "rules.victory"
local death = require "rules.death"
local M = {}

local LORD = 1

M.life = board.life

-- §4.10: the Lord holds at most `blood_max` drops; the rest go back to the
-- supply at once.
function M.add_blood(n)
  local have = T.counter(LORD, "blood")
  T.set_counter(LORD, "blood", math.max(0, math.min(T.param("blood_max"), have + n)))
end

-- §4.11.1: a killed monster's token becomes the killer's XP while he is
-- below the top level; else it goes back to the supply, or to the bag when
-- it is strong (OQ-26).
local function token_after_death(monster, killer)
  if killer and T.kind(killer) == "hero" and T.where(killer) ~= "fallen"
      and T.get(killer, "level") < T.param("level_max") then
    T.move(monster, "trophies")
    T.set(monster, "held_by", killer)
  elseif T.def_get(T.def(monster), "weight") == "strong" then
    T.move(monster, "bag")
  end
end

-- Deals `n` wounds to a figure (or a cave-in) and settles what follows:
-- Blood Drops for a hero's lost lives, a monster's token, a hero's death,
-- the end of the game. Returns the lives lost.
function M.deal(target, n, info)
  info = info or {}
  if n <= 0 or not board.field(target) then return 0 end
  local before = M.life(target)
  local kind = T.kind(target)
  local where = board.field(target)
  local r = T.damage(target, n, info)
  local lost = math.min(r.dealt, before)
  if kind == "hero" and lost > 0 then M.add_blood(lost) end
  -- The screen shows the board after the fact: say what the wound did.
  if r.knocked_out then
    T.log { board.is_figure(target) and "log.killed" or "log.destroyed", figure = target, field = names.of(where) }
  elseif lost > 0 then
    T.log { "log.wounded", figure = target, n = lost, left = M.life(target) }
  else
    T.log { "log.unharmed", figure = target }
  end
  if r.knocked_out then
    if kind == "hero" then
      death.hero(target, where, info)
    elseif kind == "monster" then
      token_after_death(target, info.by)
      T.emit("monster_killed", { target = target, by = info.by, field = where, how = info.how })
    end
  end
  if lost > 0 then victory.check() end
  return lost
end

-- Heals a figure by up to `n` lives, never above its maximum; returns the
-- lives healed.
function M.heal(target, n, info)
  if n <= 0 then return 0 end
  return T.heal(target, n, info or {})
end

-- §4.14, §4.16: no effect of a Blessing, Ritual, Treasure, Artifact or spell
-- applies to Zorkal unless it wounds him for lives. A card asks this before
-- it moves, freezes or otherwise touches a figure.
local IMMUNE_TO = { spell = true, item = true, blessing = true, ritual = true }
function M.immune(target, how) return T.kind(target) == "lord_figure" and IMMUNE_TO[how] == true end

return M
