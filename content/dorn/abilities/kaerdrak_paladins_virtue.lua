-- Kaerdrak's Paladin's Virtue (L1) and Paladin's Touch (L2), components
-- §3.2: once per turn, if he has not moved (`effect.if_not_moved`, TV-53),
-- at the end of the heroes' turn (H4, OQ-35) he heals himself, or (Touch)
-- an adjacent hero, by the ability's `heal`. Touch's `effect.not_with`
-- names Virtue: one of the two a turn, so this script offers both and
-- Touch has none of its own. Both are a "may" (ENGINE.md invariant 13):
-- Kaerdrak's player is asked whenever a heal that restores a life is
-- possible, and may answer `none` (heal nobody).
local T = tabula
local P = require "rules.passives"
local abilities = require "rules.abilities"
local wounds = require "rules.wounds"
local M = {}

local TOUCH = "kaerdrak_paladins_touch"

local function wounded(id) return T.get(id, "wounds") > 0 end

local function usable(a, kaerdrak)
  return P.uses(a) == 0 and (not P.effect(a, "if_not_moved") or P.not_moved(kaerdrak))
end

function M.heal(ctx)
  if ctx.choice == "none" then return end
  local kaerdrak = T.get(ctx.self, "holder")
  local what, target = tostring(ctx.choice):match("^(%a+):?(%d*)$")
  local ability = ctx.self
  if what == "touch" then
    ability = abilities.has(kaerdrak, TOUCH)
    target = math.tointeger(tonumber(target))
  else
    target = kaerdrak
  end
  P.use(ability)
  wounds.heal(target, P.prop(ability, "heal"), { by = kaerdrak, how = "ability", card = ability })
end

M.on = {
  h4_healing = function(ctx)
    local kaerdrak = P.ready(ctx.self)
    if not kaerdrak then return end
    local options = {}
    if usable(ctx.self, kaerdrak) and wounded(kaerdrak) then
      options[1] = { id = "virtue", label = { "passive.virtue", hero = kaerdrak, ability = ctx.self } }
    end
    local touch = abilities.has(kaerdrak, TOUCH)
    if touch and usable(touch, kaerdrak) and P.uses(ctx.self) == 0 and P.effect(touch, "not_with") == T.def(ctx.self) then
      for _, o in ipairs(P.neighbours(kaerdrak)) do
        if T.kind(o) == "hero" and wounded(o) then
          options[#options + 1] = { id = "touch:" .. o, label = { "passive.touch", hero = o, ability = touch } }
        end
      end
    end
    if #options > 0 then
      options[#options + 1] = { id = "none", label = "passive.no_heal" }
      T.decide { seat = T.owner(kaerdrak), prompt = { "passive.paladin", hero = kaerdrak }, options = options,
                 on_choice = M.heal }
    end
  end,
}

return M
