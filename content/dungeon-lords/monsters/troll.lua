-- Troll (§5.1): a standard attack, or pay food (alt_food) for a stronger one
-- (attack_alt), paid when it attacks (Q-TROLLFOOD). Training room: both
-- stronger.
local T = tabula
local A = require "rules.attack"
local M = { chose = A.chose }

function M.attack(ctx)
  local food = T.get(ctx.self, "alt_food")
  local choices = { { id = "standard", label = { "attack.standard", n = A.strength(ctx, "attack") } } }
  if T.counter(ctx.args.seat, "food") >= food then
    choices[2] = { id = "fed", label = { "monster.troll_fed_food", n = A.strength(ctx, "attack_alt"), food = food } }
  end
  A.choose(ctx, "attack.which", choices, "act")
end

function M.act(ctx)
  if ctx.args.option == "fed" then
    T.add_counter(ctx.args.seat, "food", -T.get(ctx.self, "alt_food"))
    A.standard(ctx, A.strength(ctx, "attack_alt"))
  else
    A.standard(ctx, A.strength(ctx, "attack"))
  end
  A.exhaust(ctx)
end

return M
