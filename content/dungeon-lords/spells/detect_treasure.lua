-- Detect Treasure: the lord loses gold (the card's `lose`, as much as he
-- has); with none, food; with none, that many traps of his choice, one at a
-- time; otherwise nothing.
local T = tabula
local options = require "std.options"
local M = {}

function M.cast(ctx)
  local seat, n = ctx.args.seat, T.get(ctx.self, "lose")
  for _, res in ipairs({ "gold", "food" }) do
    local lost = math.min(n, T.counter(seat, res))
    if lost > 0 then
      T.add_counter(seat, res, -lost)
      T.log({ "spell.detect_treasure_lost", seat = seat, n = lost, what = { "counter." .. res } })
      return
    end
  end
  M.lose_trap(seat, n)
end

function M.lose_trap(seat, left)
  local traps = T.zone("traps", seat)
  if left <= 0 or #traps == 0 then return end
  options.pick {
    seat = seat, prompt = "spell.detect_treasure_which", entities = traps, prefix = "lose:",
    on_pick = "lose", args = { seat = seat, left = left },
  }
end

function M.lose(ctx)
  local trap = options.picked(ctx)
  T.move(trap, "trap_discard")
  T.turn(trap, false)
  M.lose_trap(ctx.args.seat, ctx.args.left - 1)
end

return M
