-- Gor's Healing Aura (components §3.7, dorn.md §6.6 SP9): a harder spell;
-- `heal` lives to each of up to `effect.targets` heroes next to him (not
-- himself). Offered for one hero or two, each of whom has lost lives.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    local hero, near = ctx.args.hero, {}
    for _, h in ipairs(board.all("hero")) do
      if h ~= hero and reach.adjacent(board.field(hero), board.field(h)) and T.get(h, "wounds") > 0 then near[#near + 1] = h end
    end
    local out = {}
    for _, h in ipairs(near) do out[#out + 1] = tostring(h) end
    if T.def_get(T.def(ctx.self), "effect").targets >= 2 then
      for i = 1, #near do
        for j = i + 1, #near do out[#out + 1] = near[i] .. "+" .. near[j] end
      end
    end
    return out
  end,
}

function M.resolve(ctx)
  local a = ctx.self
  local n = T.def_get(T.def(a), "heal")
  for id in ctx.args.aim:gmatch("%d+") do
    wounds.heal(math.tointeger(tonumber(id)), n, { by = ctx.args.hero, how = "spell", card = a })
  end
end

return M
