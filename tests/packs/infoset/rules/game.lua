local T = tabula
local M = {}

function M.deal()
  for _, def in ipairs { "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8" } do T.create(def, "deck") end
  T.shuffle("deck")
  for seat = 1, T.seats() do
    for _ = 1, 2 do T.move(T.zone("deck")[1], "hand", seat) end
  end
  -- Two cards face down on the table: seat 2's, which only it may see.
  for _, def in ipairs { "c7", "c8" } do
    local c = T.create(def, "table")
    T.set_owner(c, 2)
    T.turn(c, false)
  end
  -- A card whose own rank differs from its definition's: it keeps it.
  T.set(T.zone("deck")[2], "rank", 40)
  for _, def in ipairs { "red", "red", "blue" } do T.create(def, "bag") end
  T.turn(T.create("gold", "bag"), false)
  T.turn(T.create("gold", "bag"), false)
  T.shuffle("bag")
  T.reveal(T.zone("deck")[1], 1)  -- seat 1 peeks at the top card
end

function M.orders()
  for seat = 1, T.seats() do
    T.decide { seat = seat, secret = true, prompt = "order", on_choice = "commit", args = { seat = seat },
               options = { "attack", "defend" } }
  end
end

function M.commit(ctx) T.set_secret(ctx.args.seat, "order", ctx.choice) end

function M.turn()
  local seat = T.current_seat()
  local options = { "draw" }
  for _, c in ipairs(T.zone("hand", seat)) do options[#options + 1] = { id = c, entity = c } end
  T.decide { seat = seat, prompt = "play", options = options, on_choice = "played", args = { seat = seat } }
end

function M.played(ctx)
  local seat = ctx.args.seat
  if ctx.choice == "draw" then
    local deck = T.zone("deck")
    if #deck > 0 then T.move(deck[1], "hand", seat) end
  else
    T.move(ctx.choice, "table")
    T.add_counter(seat, "score", T.get(ctx.choice, "rank") + T.random(6))
  end
end

function M.finish()
  local best, winner = -1, 1
  for seat = 1, T.seats() do
    local n = T.counter(seat, "score")
    if n > best then best, winner = n, seat end
  end
  T.game_over { winner = winner }
end

-- What the kernel cannot tell: the orders other seats committed are theirs.
function M.determinize(ctx)
  for seat = 1, T.seats() do
    if seat ~= ctx.args.seat and T.secret(seat, "order") ~= nil then
      T.set_secret(seat, "order", T.random(2) == 1 and "attack" or "defend")
    end
  end
end

return M
