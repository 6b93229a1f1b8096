-- Vampire (§5.1): never attacks a priest (the paladin is fair game).
-- Either an attack on anyone and exhausted, or a weaker one (attack_alt) on
-- anyone and it returns face up (Dark room: each stronger). With only
-- priests left it cannot attack; its owner then chooses whether it returns
-- face up (components §5, official FAQ).
local T = tabula
local A = require "rules.attack"
local M = { chose = A.chose }

local function prey(ctx)
  return A.targets(ctx, function(h) return T.get(h, "class") ~= "priest" end)
end

function M.attack(ctx)
  if #prey(ctx) == 0 then
    T.decide {
      seat = ctx.args.seat,
      prompt = { "monster.vampire_no_prey", monster = ctx.self },
      options = { { id = "return", label = "monster.vampire_return" },
                  { id = "exhaust", label = "monster.vampire_exhaust" } },
      on_choice = "no_prey",
      args = { seat = ctx.args.seat },
    }
    return
  end
  A.choose(ctx, "monster.vampire_which", {
    { id = "bite", label = { "monster.vampire_bite", n = A.strength(ctx, "attack") } },
    { id = "sip", label = { "monster.vampire_sip", n = A.strength(ctx, "attack_alt") } },
  }, "act")
end

function M.no_prey(ctx)
  if ctx.choice == "return" then A.stay(ctx) else A.exhaust(ctx) end
end

function M.act(ctx)
  A.pick(ctx, prey(ctx), "monster.vampire_whom", "bite", { option = ctx.args.option })
end

function M.bite(ctx)
  if ctx.args.option == "sip" then
    A.hit(ctx, A.hero(ctx), A.strength(ctx, "attack_alt"))
    A.stay(ctx)
  else
    A.hit(ctx, A.hero(ctx), A.strength(ctx, "attack"))
    A.exhaust(ctx)
  end
end

return M
