-- Guelin's Regeneration (L3), components §3.8: at the end of his turn (H4,
-- OQ-35) he heals the ability's `heal`. Healing never hurts, so he always
-- does.
local P = require "rules.passives"
local wounds = require "rules.wounds"
local M = {}

M.on = {
  h4_healing = function(ctx)
    local guelin = P.ready(ctx.self)
    if guelin then wounds.heal(guelin, P.prop(ctx.self, "heal"), { by = guelin, how = "ability", card = ctx.self }) end
  end,
}

return M
