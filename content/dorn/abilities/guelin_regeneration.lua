-- Guelin's Regeneration (L3), components §3.8: at the end of his turn (H4,
-- OQ-35) he MAY heal the ability's `heal`. A "may" is a choice (ENGINE.md
-- invariant 13): his player is asked whenever Guelin has lost a life, and
-- may answer `none`.
local T = tabula
local P = require "rules.passives"
local wounds = require "rules.wounds"
local M = {}

function M.heal(ctx)
  if ctx.choice ~= "heal" then return end
  local guelin = T.get(ctx.self, "holder")
  wounds.heal(guelin, P.prop(ctx.self, "heal"), { by = guelin, how = "ability", card = ctx.self })
end

M.on = {
  h4_healing = function(ctx)
    local guelin = P.ready(ctx.self)
    if not guelin or T.get(guelin, "wounds") == 0 then return end
    T.decide { seat = T.owner(guelin), prompt = { "passive.regeneration", hero = guelin, ability = ctx.self },
               options = { { id = "heal", label = { "passive.heal_self", heal = P.prop(ctx.self, "heal") } },
                           { id = "none", label = "passive.no_heal" } },
               on_choice = M.heal }
  end,
}

return M
