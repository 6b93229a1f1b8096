-- Slime (§5.1): either an attack on every hero, or slime them:
-- no conquest and no fatigue this round (not an attack: no healing).
local T = tabula
local A = require "rules.attack"
local F = require "rules.fight"
local M = { chose = A.chose }

function M.attack(ctx)
  A.choose(ctx, "monster.slime_which", {
    { id = "ooze", label = { "monster.slime_ooze_n", n = A.strength(ctx, "attack") } },
    { id = "slime", label = "monster.slime_slime" },
  }, "act")
end

function M.act(ctx)
  if ctx.args.option == "ooze" then
    A.all(ctx, A.strength(ctx, "attack"))
  else
    F.of(ctx.args.seat).no_conquest = true
    T.log({ "monster.slime_bogged", seat = ctx.args.seat })
  end
  A.exhaust(ctx)
end

return M
