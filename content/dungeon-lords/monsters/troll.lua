-- Troll (§5.1): standard 3, or pay 1 food for standard 4 (paid when it
-- attacks, Q-TROLLFOOD). Training room: 4, or 5 when fed.
local T = tabula
local A = require "rules.attack"
local M = { chose = A.chose }

function M.attack(ctx)
  local b = A.bonus(ctx)
  local choices = { { id = "standard", label = { "attack.standard", n = 3 + b } } }
  if T.counter(ctx.args.seat, "food") >= 1 then
    choices[2] = { id = "fed", label = { "monster.troll_fed", n = 4 + b } }
  end
  A.choose(ctx, "attack.which", choices, "act")
end

function M.act(ctx)
  local b = A.bonus(ctx)
  if ctx.args.option == "fed" then
    T.add_counter(ctx.args.seat, "food", -1)
    A.standard(ctx, 4 + b)
  else
    A.standard(ctx, 3 + b)
  end
  A.exhaust(ctx)
end

return M
