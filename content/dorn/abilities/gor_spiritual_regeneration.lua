-- Gor's Spiritual Regeneration (components §3.7, dorn.md §6.6 SP6): `heal`
-- lives to one adjacent hero or (`effect.or_self`) to himself. Only a hero
-- who has lost lives is offered: on another the spell would do nothing.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    local hero, out = ctx.args.hero, {}
    local or_self = T.def_get(T.def(ctx.self), "effect").or_self
    for _, h in ipairs(board.all("hero")) do
      local near = h == hero and or_self or reach.adjacent(board.field(hero), board.field(h))
      if near and T.get(h, "wounds") > 0 then out[#out + 1] = tostring(h) end
    end
    return out
  end,
}

function M.resolve(ctx)
  local a = ctx.self
  wounds.heal(math.tointeger(tonumber(ctx.args.aim)), T.def_get(T.def(a), "heal"), { by = ctx.args.hero, how = "spell", card = a })
end

return M
