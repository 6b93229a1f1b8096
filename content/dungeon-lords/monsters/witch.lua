-- Witch (§5.1): standard 4, or two attacks 1 on anyone (the same hero or
-- two). Dark room: 5, or two attacks 2.
local A = require "rules.attack"
local P = require "rules.party"
local M = { chose = A.chose }

function M.attack(ctx)
  local b = A.bonus(ctx)
  A.choose(ctx, "attack.which", {
    { id = "standard", label = { "attack.standard", n = 4 + b } },
    { id = "split", label = { "monster.witch_split", n = 1 + b } },
  }, "act")
end

function M.act(ctx)
  if ctx.args.option == "standard" then
    A.standard(ctx, 4 + A.bonus(ctx))
    A.exhaust(ctx)
  else
    A.pick(ctx, A.targets(ctx), "monster.witch_first", "jinx", { left = 2 })
  end
end

function M.jinx(ctx)
  A.hit(ctx, A.hero(ctx), 1 + A.bonus(ctx))
  if ctx.args.left > 1 and #P.heroes(ctx.args.seat) > 0 then
    A.pick(ctx, A.targets(ctx), "monster.witch_second", "jinx", { left = 1 })
  else
    A.exhaust(ctx)
  end
end

return M
