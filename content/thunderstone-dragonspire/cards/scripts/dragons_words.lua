-- Dragon's Words (§6.7.1): TRAP: if it comes into the Hall after a Monster
-- was defeated this turn (C.turn().won), that Monster card is destroyed,
-- wherever it lies now, unless the active player reveals a Thief: if he
-- holds one he is asked (a Monster card may be worth more gone, Stone of
-- Scorn). Each other player reveals the top card of his deck and destroys
-- it if it is a Monster; any other card stays on top.
local T = tabula
local C = require "rules.cards"
local MB = require "cards.scripts.lib.monster_battle"
local M = {}

function M.trap(ctx)
  local seat, turn = ctx.args.seat, C.turn()
  local m = turn.won and turn.target or nil
  if m and T.where(m) and T.where(m) ~= "destroyed" then
    local thief = MB.thief(seat)
    if thief and not C.shielded(seat) then
      T.decide { seat = seat, prompt = { "fx_monster.words_prompt", card = thief, monster = m },
        options = { { id = "thief", label = { "fx_monster.reveal_thief", card = thief } },
          { id = "no", label = { "fx_monster.lose_monster", monster = m } } },
        on_choice = M.answered, args = { seat = seat, thief = thief, monster = m } }
    else
      C.destroy(m)
    end
  end
  T.schedule(M.others, { seat = seat })
end

function M.answered(ctx)
  if ctx.choice == "thief" then
    C.show(ctx.args.thief, { "fx_monster.log_thief", seat = ctx.args.seat, card = ctx.args.thief })
  else
    C.destroy(ctx.args.monster)
  end
end

function M.others(ctx)
  for _, other in ipairs(C.others(ctx.args.seat)) do
    local c = C.top_of_deck(other)
    if c then
      C.show(c, { "fx_monster.log_revealed", seat = other, card = c })
      if MB.is_monster(c) then C.destroy(c) end
    end
  end
end

return M
