-- Anti-magic dart (§5.4): 1 damage to a hero of the owner's choice. Hit a
-- wizard: no spell this round; hit a priest: no healing this round (the
-- paladin neither casts nor heals then); hit the paladin: nothing more.
local T = tabula
local F = require "rules.fight"
local P = require "rules.party"
local TR = require "rules.trap"
local M = {}

function M.trigger(ctx) TR.choose_hero(ctx.args.seat, T.name(ctx.self), "hit") end

function M.hit(ctx)
  local seat = ctx.args.seat
  local hero = TR.hero(ctx)
  local class = P.class(hero)
  if class == "wizard" then
    F.set(seat, "no_spell", true)
    T.log("The dart silences the wizards: no spell this round")
  elseif class == "priest" then
    F.set(seat, "no_heal", true)
    T.log("The dart silences the priests: no healing this round")
  end
  TR.deal(seat, { { hero = hero, amount = 1 } }, ctx.self)
end

return M
