-- Anti-magic dart (§5.4): its damage to a hero of the owner's choice. Hit a
-- wizard: no spell this round; hit a priest: no healing this round (the
-- paladin neither casts nor heals then); hit the paladin: nothing more.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local TR = require "rules.trap"
local M = {}

function M.trigger(ctx) TR.choose_hero(ctx.args.seat, ctx.self, "hit") end

function M.hit(ctx)
  local seat = ctx.args.seat
  local hero = TR.hero(ctx)
  local class = P.class(hero)
  if class == "wizard" then
    F.of(seat).no_spell = true
    T.log({ "trap.dart_wizards", seat = seat })
  elseif class == "priest" then
    F.of(seat).no_heal = true
    T.log({ "trap.dart_priests", seat = seat })
  end
  TR.deal(seat, { { hero = hero, amount = TR.value(ctx.self, "damage") } }, ctx.self)
end

return M
