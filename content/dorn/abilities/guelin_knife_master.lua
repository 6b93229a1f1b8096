-- Guelin's Knife Master (L2), components §3.8: once per turn, if at the
-- start of his turn (`effect.at_turn_start`: the heroes' `turn_started`) an
-- enemy figure stands next to him, it takes the ability's `damage`; with
-- several, his player picks one. It is no attack (OQ-23: it works on
-- Zorkal); its kill gives Guelin the XP.
local T = tabula
local P = require "rules.passives"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

function M.stab(ctx)
  local guelin = P.ready(ctx.self)
  if not guelin or P.uses(ctx.self) > 0 then return end
  P.use(ctx.self)
  wounds.deal(math.tointeger(ctx.choice), P.prop(ctx.self, "damage"), { by = guelin, how = "ability", card = ctx.self })
end

M.on = {
  turn_started = function(ctx)
    local guelin = P.ready(ctx.self)
    if not guelin or ctx.args.side ~= "heroes" or not P.effect(ctx.self, "at_turn_start") then return end
    local targets = {}
    for _, o in ipairs(P.neighbours(guelin)) do
      if reach.may_target(guelin, o) then targets[#targets + 1] = { id = o, entity = o } end
    end
    if #targets == 1 then
      M.stab { self = ctx.self, choice = targets[1].id }
    elseif #targets > 1 then
      T.decide { seat = T.owner(guelin), prompt = { "passive.knife_master", hero = guelin, ability = ctx.self }, options = targets,
                 on_choice = M.stab }
    end
  end,
}

return M
