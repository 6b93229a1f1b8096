-- Seat 1 builds (1 point to itself, 2 to seat 2) or waits, twelve turns;
-- nobody wins unless seat 1 gives up. The rating of a seat is its points.
local T = tabula
local M = {}

function M.turn()
  T.decide { seat = 1, prompt = "what", options = { "wait", "build", "give_up" }, on_choice = M.chosen }
end

function M.chosen(ctx)
  if ctx.choice == "give_up" then
    T.game_over { winners = { 2 } }
  elseif ctx.choice == "build" then
    T.add_counter(1, "points", 1)
    T.add_counter(2, "points", 2)
  end
end

function M.score(ctx) return T.counter(ctx.args.seat, "points") end

return M
