-- Witch (§5.1): standard 4, or two attacks 1 on anyone (the same hero or
-- two). Dark room: 5, or two attacks 2.
local A = require "rules.attack"
local P = require "rules.party"
local M = { chose = A.chose }

function M.attack(ctx)
  local b = A.bonus(ctx)
  A.choose(ctx, "which attack?", {
    { id = "standard", label = "standard attack " .. (4 + b) },
    { id = "split", label = "two attacks " .. (1 + b) .. " on anyone" },
  }, "act")
end

function M.act(ctx)
  if ctx.args.option == "standard" then
    A.standard(ctx, 4 + A.bonus(ctx))
    A.exhaust(ctx)
  else
    A.pick(ctx, A.targets(ctx), "Witch: first attack on whom?", "jinx", { left = 2 })
  end
end

function M.jinx(ctx)
  A.hit(ctx, A.hero(ctx), 1 + A.bonus(ctx))
  if ctx.args.left > 1 and #P.heroes(ctx.args.seat) > 0 then
    A.pick(ctx, A.targets(ctx), "Witch: second attack on whom?", "jinx", { left = 1 })
  else
    A.exhaust(ctx)
  end
end

return M
