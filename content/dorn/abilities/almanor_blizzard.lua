-- Almanor's Ice Storm (Ledová bouře; components §3.4, dorn.md §6.6 SP1,
-- OQ-40): a harder spell; no monster within `range` fields of him may move
-- or attack until its `effect.lasts` (the next Lord turn). Zorkal is
-- immune (§4.14). The storm is a copy of the ability put in `in_effect`
-- (rules/effects.lua), which answers the channel `may_act` while it lasts;
-- the entry listens in `abilities` and `in_effect`.
local T = tabula
local board = require "rules.board"
local wounds = require "rules.wounds"
local effects = require "rules.effects"
local hero_combat = require "rules.hero_combat"
local M = {}

-- The monsters the storm holds: those in the area, Zorkal left out.
function M.caught(hero, a)
  local out = {}
  for _, o in ipairs(hero_combat.area(hero, board.field(hero), hero_combat.range(hero, a), true)) do
    if not wounds.immune(o, "spell") then
      out[#out + 1] = o
    end
  end
  return out
end

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    return #M.caught(ctx.args.hero, ctx.self) > 0 and { "all" } or {}
  end,
}

function M.resolve(ctx)
  local a = ctx.self
  local effect = T.def_get(T.def(a), "effect")
  local storm = T.create(T.def(a), "in_effect")
  T.set(storm, "holder", ctx.args.hero)
  effects.start(storm, effect.lasts, { frozen = M.caught(ctx.args.hero, a) })
end

M.modify = {
  may_act = function(ctx)
    local data = effects.data(ctx.self)
    if not data then return ctx.args.amount end
    local effect = T.def_get(T.def(ctx.self), "effect")
    local what = ctx.args.what
    if (what == "move" and effect.no_move) or (what == "attack" and effect.no_attack) then
      for _, id in ipairs(data.frozen) do
        if id == ctx.args.figure then return 0 end
      end
    end
    return ctx.args.amount
  end,
}

return M
