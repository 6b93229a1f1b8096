-- Guardian Blade (§6.4): Attack +3 (printed, only when carried). If its Hero
-- would be destroyed, he is discarded instead; a Blade that dropped (its
-- Hero's Strength fell below its Weight) protects no one (§6.4, TV-31).
local C = require "rules.cards"
local battle = require "rules.battle"
local M = { extend = {} }

function M.extend.instead_of_destroy(ctx)
  if not C.in_play(ctx.self) then return nil end
  if battle.carrier(ctx.self) ~= ctx.args.card or not battle.weapon_counts(ctx.self) then return nil end
  return { "discard" }
end

return M
