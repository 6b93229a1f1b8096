-- Choros's Bloody Run (L2), components §3.3: in his movement phase, for
-- the ability's `life_cost` (a wound: the Lord gets the drop) he has
-- `effect.move` more movement this turn, as often as he likes
-- (`effect.repeatable`). An H2 option "blood:<ability>"; the channel
-- `move` adds the runs of this turn.
local T = tabula
local P = require "rules.passives"
local wounds = require "rules.wounds"
local M = {}

function M.run(ctx)
  local a = math.tointeger(tonumber(tostring(ctx.choice):match("^blood:(%d+)$")))
  local choros = T.get(a, "holder")
  P.use(a)
  wounds.deal(choros, P.prop(a, "life_cost"), { by = choros, how = "ability", card = a })
end

M.extend = {
  h2_actions = function(ctx)
    local choros = P.ready(ctx.self)
    if not choros or not P.h2_mover(choros, ctx.args.seat) then return nil end
    if not P.effect(ctx.self, "repeatable") and P.uses(ctx.self) > 0 then return nil end
    return { { id = "blood:" .. ctx.self, label = { "passive.bloody_run", hero = choros, ability = ctx.self,
                                                  cost = P.prop(ctx.self, "life_cost"), move = P.effect(ctx.self, "move") }, on_choice = M.run } }
  end,
}

M.modify = {
  move = function(ctx)
    if P.ready(ctx.self) ~= ctx.args.figure then return ctx.args.amount end
    return ctx.args.amount + P.uses(ctx.self) * P.effect(ctx.self, "move")
  end,
}

return M
