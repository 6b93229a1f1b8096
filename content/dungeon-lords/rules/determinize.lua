-- What a lord cannot know of the others and the kernel cannot tell from the
-- zones (the pack's `[pack] determinize`, docs/packs.md): the orders another
-- lord has committed in secret (§4.3.2 planning), the cards he blocked face
-- down at the start of the full game (F1) and the card he chose for his
-- dummy. Each is drawn anew from the cards it was chosen from, which the
-- kernel has already dealt anew where this lord cannot see them. A lord
-- who is still choosing keeps what he has committed so far: his open
-- decision lists the cards left, and a new draw would contradict it.
local T = tabula
local M = {}

-- `n` distinct cards of `cards`, in a random order.
local function draw(cards, n)
  local pool, out = { table.unpack(cards) }, {}
  for _ = 1, math.min(n, #pool) do out[#out + 1] = table.remove(pool, T.random(#pool)) end
  return out
end

function M.resample(ctx)
  for seat = 1, T.seats() do
    if seat ~= ctx.args.seat and T.pending(seat) == nil then
      local hand = T.zone("orders_hand", seat)
      for _, name in ipairs { "orders", "blocked" } do
        local chosen = T.secret(seat, name)
        if chosen then T.set_secret(seat, name, draw(hand, #chosen)) end
      end
      local dummy = T.zone("dummy_hand", seat)
      if T.secret(seat, "dummy_order") and #dummy > 0 then T.set_secret(seat, "dummy_order", dummy[T.random(#dummy)]) end
    end
  end
end

return M
