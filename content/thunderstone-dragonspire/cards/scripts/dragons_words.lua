-- Dragon's Words (§6.7.1): TRAP: if it comes into the Hall after a Monster
-- was defeated this turn (C.turn().won), that Monster card is destroyed,
-- wherever it lies now, unless the active player reveals a Thief. Each
-- other player reveals the top card of his deck and destroys it if it is
-- a Monster; any other card stays on top.
local T = tabula
local C = require "rules.cards"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.trap(ctx)
  local seat, turn = ctx.args.seat, C.turn()
  local m = turn.won and turn.target or nil
  if m and T.where(m) and T.where(m) ~= "destroyed" then
    local thief = MB.thief(seat)
    if thief then
      T.log { "fx_monster.log_thief", seat = seat, card = thief }
    else
      C.destroy(m)
    end
  end
  for _, other in ipairs(C.others(seat)) do
    local c = C.top_of_deck(other)
    if c then
      T.log { "fx_monster.log_revealed", seat = other, card = c }
      if MB.is_monster(c) then C.destroy(c) end
    end
  end
end

return M
