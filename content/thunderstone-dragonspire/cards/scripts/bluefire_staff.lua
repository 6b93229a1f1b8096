-- Bluefire Staff (§6.4, OQ-23): Magic Attack +1 (printed). DUNGEON, equipped
-- to a Cleric or Wizard (offered right after equipping, OQ-38): use again a
-- Spell already used this turn; that Spell is destroyed at the end of the
-- turn. A Spell with an effect (Burnt Offering, Polymorph) runs that effect
-- again. Frost Bolt and Silverstorm have no effect to run: for them "used"
-- is what they add to the battle, so used again their contribution counts
-- twice (a decision of this pack, not of the rulebook).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local battle = require "rules.battle"
local bluefire = require "cards.scripts.lib.village_bluefire"
local M = { extend = {} }

-- Spells in play that may be used again: card -> the used function, or
-- "" for a Spell whose use is its battle contribution.
local function reusable(seat)
  local used = {}
  for key in pairs(C.turn().used) do
    local id, fn = key:match("^(%d+):(.+)$")
    if id then used[tonumber(id)] = fn end
  end
  local cards, fns = {}, {}
  for _, c in ipairs(C.with_tag(seat, "spell")) do
    local fn = used[c] or (bluefire.passive(c) and "" or nil)
    if fn then
      cards[#cards + 1] = c
      fns[C.key(c)] = fn
    end
  end
  return cards, fns
end

local function able(ctx)
  if not battle.weapon_counts(ctx.self) then return false end
  local hero = battle.carrier(ctx.self)
  if not (C.is(hero, "cleric") or C.is(hero, "wizard")) then return false end
  return #reusable(ctx.args.seat) > 0
end

function M.extend.effects(ctx)
  return E.offer(ctx, "armed", { { fn = "reuse", label = "fx_village.reuse_spell", when = able } })
end

function M.reuse(ctx)
  local cards, fns = reusable(ctx.args.seat)
  E.pick { seat = ctx.args.seat, cards = cards, prompt = "fx_village.which_spell", then_fn = M.reused,
    args = { fns = fns, phase = ctx.args.phase } }
end

function M.reused(ctx)
  local spell = E.picked(ctx)
  local fn = ctx.args.fns[C.key(spell)]
  bluefire.doom(spell)
  T.log { "fx_village.spell_again", card = spell }
  if fn == "" then
    bluefire.count_twice(spell)
  else
    T.call(spell, fn, { seat = ctx.args.seat, phase = ctx.args.phase })
  end
end

return M
