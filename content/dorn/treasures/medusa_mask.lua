-- TR4 Medusa Mask (dorn.md §6.9): in the next Lord turn (`lasts`) no monster
-- within `range` fields of the hero may attack. The distance is
-- measured when the monster would attack, round corners and never through a
-- Teleport; Zorkal is immune (§4.14: the mask wounds nobody). It costs the
-- hero `life_cost` lives.
local T = tabula
local treasures = require "rules.treasures"
local board = require "rules.board"
local reach = require "rules.reach"
local M = treasures.used_at_once {}

M.modify = {
  may_act = function(ctx)
    local hero, monster = treasures.acting_for(ctx.self), ctx.args.figure
    if not hero or ctx.args.what ~= "attack" or T.kind(monster) ~= "monster" then return ctx.args.amount end
    local from, to = board.field(monster), board.field(hero)
    if T.kind(hero) ~= "hero" or to == "fallen" or not from then return ctx.args.amount end
    local d = reach.route(from, to)
    if d and d <= T.get(ctx.self, "range") then return 0 end
    return ctx.args.amount
  end,
}

return M
