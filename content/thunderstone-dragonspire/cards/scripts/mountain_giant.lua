-- Mountain Giant (§6.5): BATTLE: destroy 1 Hero with the lowest Strength
-- (the player picks among ties, OQ-36); it fights on until the battle ends.
local C = require "rules.cards"
local E = require "rules.effects"
local M = {}

function M.battle(ctx)
  E.pick { seat = ctx.args.seat, cards = E.extreme_heroes(ctx.args.seat, false), prompt = "fx.hero_destroyed",
    then_fn = M.crushed }
end

function M.crushed(ctx) C.mark(E.picked(ctx)) end

return M
