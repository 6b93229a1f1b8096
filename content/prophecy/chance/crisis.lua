-- Crisis (PB §6.2): roll a die; on 1-5 every character loses half its gold
-- (the loss rounded down, WR C-36); on 6 nothing happens. The event
-- `crisis` {seat, occurred} lets a variant act on it (WR §3.5.6).
local T = tabula
local chance = require "rules.chance"
local dice = require "rules.dice"
local resources = require "rules.resources"
local M = {}

function M.resolve(ctx)
  local roll = dice.roll()
  local occurred = roll <= T.get(ctx.self, "effect").occurs_up_to
  T.log({ occurred and "log.crisis" or "log.crisis_passes", roll = roll })
  if occurred then
    for _, c in ipairs(chance.affected()) do
      local seat = T.owner(c)
      resources.add(seat, "gold", -(resources.gold(seat) // 2))
    end
  end
  T.emit("crisis", { seat = ctx.args.seat, occurred = occurred })
end

return M
