-- R1 Slime of Despair (dorn.md §6.7): for the rest of the game a monster
-- that would wait for the next Lord turn (a herman: `acts_when_summoned =
-- false`, §4.7.7) may move and attack in the turn it is summoned.
local T = tabula
local rituals = require "rules.rituals"
local M = {}

-- Its effect is the modifier below, from now on.
function M.play() end

M.modify = {
  may_act = function(ctx)
    if not rituals.data(ctx) then return nil end
    local id = ctx.args.figure
    if T.kind(id) == "monster" and not T.def_get(T.def(id), "acts_when_summoned")
        and T.get(id, "summoned_on") == T.var("lord_turn") then
      return 1
    end
    return nil
  end,
}

return M
