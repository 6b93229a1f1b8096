-- Skullbreaker (§6.4): Attack +2 (printed, only when carried). If you defeat
-- a Monster this turn, it goes on top of your deck instead of your discard
-- pile: mandatory, and only if it was carried this battle (OQ-38).
local T = tabula
local C = require "rules.cards"
local M = { on = {} }

M.on.turn_ends = function(ctx)
  local turn = C.turn()
  local k = C.key(ctx.self)
  -- carried, or dropped when its hero left play face down (C.forget)
  local carried = turn.carry[k] or (turn.dropped or {})[k]
  if not (turn.won and C.in_play(ctx.self) and carried) then return end
  T.move(ctx.self, "deck", ctx.args.seat, "front")
  T.log { "fx_village.back_on_top", seat = ctx.args.seat, card = ctx.self }
end

return M
