-- Invisibility: wizards move to the back of the party and cannot be harmed
-- this round.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local M = {}

function M.cast(ctx)
  local seat = ctx.args.seat
  F.of(seat).invisible = true
  for _, h in ipairs(P.heroes(seat)) do
    if P.class(h) == "wizard" then T.move(h, "party", seat, "back") end
  end
end

M.modify = {
  damage = function(ctx)
    local fight = T.combat()
    if fight and F.of(fight.seat).invisible and P.class(ctx.args.target) == "wizard" then return 0 end
    return ctx.args.amount
  end,
}

return M
