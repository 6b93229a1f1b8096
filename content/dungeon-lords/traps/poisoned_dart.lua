-- Poisoned dart (§5.4, §4.6.2 C.7): 1 damage to a hero of the owner's
-- choice; at the very end of the round that hero takes 2 more, never disarmed.
local T = tabula
local F = require "rules.fight"
local TR = require "rules.trap"
local M = {}

function M.trigger(ctx) TR.choose_hero(ctx.args.seat, T.name(ctx.self), "hit") end

function M.hit(ctx)
  local hero = TR.hero(ctx)
  local poisoned = F.get(ctx.args.seat, "poison") or {}   -- a second dart adds its own
  poisoned[#poisoned + 1] = hero
  F.set(ctx.args.seat, "poison", poisoned)
  TR.deal(ctx.args.seat, { { hero = hero, amount = 1 } }, ctx.self)
end

return M
