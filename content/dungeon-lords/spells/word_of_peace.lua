-- Word of Peace: the lord withdraws all his monsters (not ghosts), which go
-- back face up as if never sent, or moves toward evil (the card's `evil`).
-- The choice is his even when he sent no monster: withdrawing none then
-- costs nothing, and he may still prefer the evil (§4.8 Lord of Evil).
local T = tabula
local S = require "rules.spell"
local M = {}

function M.cast(ctx)
  local seat, n = ctx.args.seat, T.get(ctx.self, "evil")
  local none = #S.sent_monsters(seat) == 0
  T.decide {
    seat = seat, prompt = { "spell.word_of_peace_n", n = n },
    options = { { id = "withdraw", label = none and "spell.word_of_peace_none" or "spell.word_of_peace_withdraw" },
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
