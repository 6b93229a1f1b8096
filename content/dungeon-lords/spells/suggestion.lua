-- Suggestion: for each monster (not ghost) in this fight the lord pays its
-- cost again (evil as a payment, §4.1.4) or withdraws it.
local T = tabula
local S = require "rules.spell"
local M = {}

function M.cast(ctx) M.next({ args = { seat = ctx.args.seat, done = {} } }) end

function M.next(ctx)
  local seat, done = ctx.args.seat, ctx.args.done
  for _, m in ipairs(S.sent_monsters(seat)) do
    local seen = false
    for _, d in ipairs(done) do seen = seen or d == m end
    if not seen then
      local opts = { { id = "withdraw", label = { "spell.suggestion_withdraw", monster = m } } }
      if S.can_pay(seat, m) then
        table.insert(opts, 1, { id = "pay", label = { "spell.suggestion_pay", monster = m } })
      end
      T.decide {
        seat = seat, prompt = { "spell.suggestion", monster = m },
        options = opts, on_choice = "answer", args = { seat = seat, done = done, monster = m },
      }
      return
    end
  end
end

function M.answer(ctx)
  local seat, m = ctx.args.seat, ctx.args.monster
  if ctx.choice == "pay" then S.pay(seat, m) else S.withdraw(seat, m) end
  local done = ctx.args.done
  done[#done + 1] = m
  T.schedule("next", { seat = seat, done = done })
end

return M
