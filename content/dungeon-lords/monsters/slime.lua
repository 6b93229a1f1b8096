-- Slime (§5.1): either 1 damage to every hero (an attack), or slime them:
-- no conquest and no fatigue this round (not an attack: no healing).
local T = tabula
local A = require "rules.attack"
local F = require "rules.fight"
local M = { chose = A.chose }

function M.attack(ctx)
  A.choose(ctx, "ooze or slime?", {
    { id = "ooze", label = "1 damage to every hero" },
    { id = "slime", label = "slime them: no conquest and no fatigue this round" },
  }, "act")
end

function M.act(ctx)
  if ctx.args.option == "ooze" then
    A.all(ctx, 1)
  else
    F.set(ctx.args.seat, "no_conquest", true)
    T.log("The slime bogs the party down: no conquest this round")
  end
  A.exhaust(ctx)
end

return M
