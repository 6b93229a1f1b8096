-- Ghost (§5.1; not a monster, §4.1.7): an attack on any hero but the first;
-- with one hero left it cannot attack, and is exhausted anyway.
local T = tabula
local A = require "rules.attack"
local P = require "rules.party"
local M = {}

function M.attack(ctx)
  local heroes = P.heroes(ctx.args.seat)
  if #heroes < 2 then
    T.log({ "monster.ghost_lone", seat = ctx.args.seat })
    A.exhaust(ctx)
    return
  end
  A.pick(ctx, { table.unpack(heroes, 2) }, "monster.ghost_whom", "haunt")
end

function M.haunt(ctx)
  A.hit(ctx, A.hero(ctx), A.strength(ctx, "attack"))
  A.exhaust(ctx)
end

return M
