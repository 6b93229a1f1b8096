-- Poisoned dart (§5.4, §4.6.2 C.7): its damage to a hero of the owner's
-- choice; at the very end of the round that hero takes its poison (2), never
-- disarmed.
local F = require "rules.fight"
local TR = require "rules.trap"
local M = {}

function M.trigger(ctx) TR.choose_hero(ctx.args.seat, ctx.self, "hit") end

function M.hit(ctx)
  local hero, fight = TR.hero(ctx), F.of(ctx.args.seat)
  local dose = { hero = hero, damage = TR.value(ctx.self, "poison") }
  if fight.poison then table.insert(fight.poison, dose) else fight.poison = { dose } end   -- one per dart
  TR.deal(ctx.args.seat, { { hero = hero, amount = TR.value(ctx.self, "damage") } }, ctx.self)
end

return M
