-- Veteran Warmonger (§6.3): Attack +6 (a prop); +10 more if every Hero you
-- reveal is level 3 or higher (a revealed Militia, level 0, cancels it,
-- [I]; TV-36). SPOILS: gain 2 XP (lib/veteran.lua).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local veteran = require "cards.scripts.lib.veteran"
local M = { extend = {} }

function M.extend.battle(ctx)
  for _, h in ipairs(C.heroes(ctx.args.seat)) do
    if T.get(h, "level") < E.n(ctx.self, "elite_level") then return nil end
  end
  return E.give(ctx, { attack = E.n(ctx.self, "elite_attack") })
end

function M.extend.effects(ctx) return veteran.effects(ctx) end
function M.reward(ctx) veteran.reward(ctx) end

return M
