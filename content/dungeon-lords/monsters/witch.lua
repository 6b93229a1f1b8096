-- Witch (§5.1): a standard attack, or alt_hits attacks of attack_alt on
-- anyone (the same hero or others). Dark room: each stronger.
local T = tabula
local A = require "rules.attack"
local P = require "rules.party"
local M = { chose = A.chose }

function M.attack(ctx)
  A.choose(ctx, "attack.which", {
    { id = "standard", label = { "attack.standard", n = A.strength(ctx, "attack") } },
    { id = "split", label = { "monster.witch_hits", n = A.strength(ctx, "attack_alt"), hits = T.get(ctx.self, "alt_hits") } },
  }, "act")
end

-- The prompt for hit number i of the split option.
local function whom(i)
  if i == 1 then return "monster.witch_first" end
  return i == 2 and "monster.witch_second" or "monster.witch_nth"
end

function M.act(ctx)
  if ctx.args.option == "standard" then
    A.standard(ctx, A.strength(ctx, "attack"))
    A.exhaust(ctx)
  else
    M.next_hit(ctx, 1)
  end
end

function M.next_hit(ctx, i)
  if i > T.get(ctx.self, "alt_hits") or #P.heroes(ctx.args.seat) == 0 then
    A.exhaust(ctx)
    return
  end
  A.pick(ctx, A.targets(ctx), whom(i), "jinx", { hit = i })
end

function M.jinx(ctx)
  A.hit(ctx, A.hero(ctx), A.strength(ctx, "attack_alt"))
  M.next_hit(ctx, ctx.args.hit + 1)
end

return M
