-- The illusory hero (combat_cards.toml): knocked out, it vanishes instead
-- of going to prison, so it never scores. It cannot hold the field alone:
-- when no hero who can (fights_alone) stands in its party any more, it
-- vanishes too, and the fight is lost for the party.
local T = tabula
local P = require "rules.party"
local M = {}

local function alone(seat)
  for _, h in ipairs(P.heroes(seat)) do
    if T.get(h, "fights_alone") then return false end
  end
  return true
end

M.on = {
  knocked_out = function(ctx)
    local me = ctx.self
    if ctx.args.target == me then
      local _, seat = T.where(me)
      T.remove(me)
      T.log({ "spell.illusion_vanishes", seat = seat, hero = me })
      return
    end
    local zone, seat = T.where(me)
    if zone == "party" and alone(seat) then T.knock_out(me, { source = "illusion" }) end
  end,
}

return M
