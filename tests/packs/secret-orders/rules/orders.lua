local T = tabula
local M = {}

function M.deal()
  T.create("ace", "hand", 1)
  T.create("king", "hand", 2)
  T.create("queen", "deck")
  local jack = T.create("jack", "table")
  T.set_owner(jack, 1)
  T.turn(jack, false)
  T.create("ten", "table")
end

-- Every seat is asked at once; option ids and prompts name the seat so
-- that a leak would show in another seat's view.
function M.orders()
  for seat = 1, T.seats() do
    T.decide {
      seat = seat, secret = true, prompt = { "orders", seat = seat }, on_choice = "commit",
      args = { seat = seat },
      options = { { id = "s" .. seat .. "-attack", label = "attack" }, { id = "s" .. seat .. "-defend", label = "defend" } },
    }
  end
end

function M.commit(ctx)
  T.set_secret(ctx.args.seat, "order", ctx.choice)
  T.log { "committed", seat = ctx.args.seat }
end

function M.reveal()
  local orders = {}
  for seat = 1, T.seats() do orders[seat] = T.secret(seat, "order") end
  T.set_var("orders", orders)
end

function M.go_on()
  T.decide { seat = 1, prompt = "next_round", options = { { id = "yes" } }, on_choice = "done" }
end

function M.done() T.game_over { winner = 1 } end

return M
