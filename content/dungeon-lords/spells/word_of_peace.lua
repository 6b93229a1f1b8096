-- Word of Peace: the lord withdraws all his monsters (not ghosts), which go
-- back face up as if never sent, or moves toward evil (the card's `evil`).
local T = tabula
local S = require "rules.spell"
local M = {}

function M.cast(ctx)
  local seat, n = ctx.args.seat, T.get(ctx.self, "evil")
  if #S.sent_monsters(seat) == 0 then
    S.toward_evil(seat, n)
    return
  end
  T.decide {
    seat = seat, prompt = { "spell.word_of_peace_n", n = n },
    options = { { id = "withdraw", label = "spell.word_of_peace_withdraw" },
                { id = "evil", label = { "spell.word_of_peace_evil_n", n = n } } },
    on_choice = "answer", args = { seat = seat },
  }
end

function M.answer(ctx)
  if ctx.choice == "withdraw" then
    for _, m in ipairs(S.sent_monsters(ctx.args.seat)) do S.withdraw(ctx.args.seat, m) end
  else
    S.toward_evil(ctx.args.seat, T.get(ctx.self, "evil"))
  end
end

return M
