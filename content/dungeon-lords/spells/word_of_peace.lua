-- Word of Peace: the lord withdraws all his monsters (not ghosts), which go
-- back face up as if never sent, or moves 2 toward evil.
local T = tabula
local S = require "rules.spell"
local M = {}

function M.cast(ctx)
  local seat = ctx.args.seat
  if #S.sent_monsters(seat) == 0 then
    S.toward_evil(seat, 2)
    return
  end
  T.decide {
    seat = seat, prompt = "spell.word_of_peace",
    options = { { id = "withdraw", label = "spell.word_of_peace_withdraw" },
                { id = "evil", label = "spell.word_of_peace_evil" } },
    on_choice = "answer", args = { seat = seat },
  }
end

function M.answer(ctx)
  if ctx.choice == "withdraw" then
    for _, m in ipairs(S.sent_monsters(ctx.args.seat)) do S.withdraw(ctx.args.seat, m) end
  else
    S.toward_evil(ctx.args.seat, 2)
  end
end

return M
