-- Choros's Strength of the Earth (L3), components §3.3: if in his turn he
-- neither moved (`effect.if_not_moved`: no step walked, TV-53) nor
-- attacked (`effect.if_not_attacked`), he heals the ability's `heal` at its
-- end (H4, OQ-35). An attack or spell of his is seen as the event
-- `attacked` {figure} (emitted for every attack made, also a cancelled
-- one) or as a wound he dealt by attack or spell (the kernel's `damaged`);
-- either marks the ability used this turn.
local P = require "rules.passives"
local wounds = require "rules.wounds"
local M = {}

local ATTACK = { attack = true, spell = true }

local function saw_attack(ctx, figure)
  local choros = P.ready(ctx.self)
  if choros and figure == choros and P.heroes_turn() and P.uses(ctx.self) == 0 then P.use(ctx.self) end
end

M.on = {
  attacked = function(ctx) saw_attack(ctx, ctx.args.figure) end,
  damaged = function(ctx)
    if ATTACK[ctx.args.how] then saw_attack(ctx, ctx.args.by) end
  end,
  h4_healing = function(ctx)
    local choros = P.ready(ctx.self)
    if not choros then return end
    if P.effect(ctx.self, "if_not_moved") and not P.not_moved(choros) then return end
    if P.effect(ctx.self, "if_not_attacked") and P.uses(ctx.self) > 0 then return end
    wounds.heal(choros, P.prop(ctx.self, "heal"), { by = choros, how = "ability", card = ctx.self })
  end,
}

return M
