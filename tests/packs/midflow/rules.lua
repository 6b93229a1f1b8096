local T = tabula
local M = {}

local function bump(name) T.set_var(name, (T.var(name) or 0) + 1) end

function M.game_begin()
  bump("games_begun")
  T.log("game_begins")
end

-- Every definition tagged "starter" goes into the bag, one of each, and
-- every seat gets a pebble on its pile.
function M.setup()
  for _, def in ipairs(T.defs { tag = "starter" }) do T.create(def, "bag") end
  for seat = 1, T.seats() do T.create("pebble", "pile", seat) end
  T.log("set_up")
end

function M.year_begin() bump("years_begun") end

function M.act(ctx)
  T.decide { seat = ctx.seat, prompt = "act_q", options = { "dig", "rest" }, on_choice = "acted" }
end

function M.acted(ctx)
  if ctx.choice == "dig" then
    T.add_counter(ctx.seat, "coins", 1)
    T.log { "dug", seat = ctx.seat }
    T.emit("dug", { seat = ctx.seat })
  else
    T.log("rested")
  end
end

-- Each seat earns the worth of the stones on its pile.
function M.tally()
  for seat = 1, T.seats() do
    local sum = 0
    for _, e in ipairs(T.zone("pile", seat)) do sum = sum + T.get(e, "worth") end
    T.add_counter(seat, "coins", sum)
  end
  T.log("tallied")
  T.emit("tallied", {})
end

function M.tally_done() bump("tallies") end

function M.game_end()
  local coins = {}
  for seat = 1, T.seats() do coins[seat] = T.counter(seat, "coins") end
  T.game_over { coins = coins }
end

return M
