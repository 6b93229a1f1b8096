-- Detect Treasure: the lord loses 1 gold; with none, 1 food; with none, 1
-- trap of his choice; otherwise nothing.
local T = tabula
local options = require "std.options"
local M = {}

function M.cast(ctx)
  local seat = ctx.args.seat
  for _, res in ipairs({ "gold", "food" }) do
    if T.counter(seat, res) > 0 then
      T.add_counter(seat, res, -1)
      T.log("spell.detect_treasure_" .. res)
      return
    end
  end
  local traps = T.zone("traps", seat)
  if #traps == 0 then return end
  options.pick {
    seat = seat, prompt = "spell.detect_treasure_which", entities = traps, prefix = "lose:",
    on_pick = "lose",
  }
end

function M.lose(ctx)
  local trap = options.picked(ctx)
  T.move(trap, "trap_discard")
  T.turn(trap, false)
end

return M
