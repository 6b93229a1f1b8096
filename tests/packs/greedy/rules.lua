-- Each turn seat 1 adds 1, 2 or 3 points, flips a lamp (a free action that
-- changes nothing the rating sees) or rests, which ends the game with no
-- winner. 10 points win. A tired seat (the option `tired`) may only flip
-- the lamp or rest: both rate 0.
local T = tabula
local M = {}

function M.done() return T.var("resting") == true end

function M.turn()
  if T.var("lamp") == nil then T.set_var("lamp", false) end
  local options = T.option("tired") and { "lamp", "rest" } or { "add1", "add3", "add2", "lamp", "rest" }
  T.decide { seat = 1, prompt = "what", options = options, on_choice = M.chosen }
end

function M.chosen(ctx)
  local c = ctx.choice
  if c == "lamp" then
    T.set_var("lamp", not T.var("lamp"))
    M.turn()
  elseif c == "rest" then
    T.set_var("resting", true)
  else
    T.add_counter(1, "points", tonumber(c:sub(4)))
    if T.counter(1, "points") >= 10 then T.game_over { winners = { 1 } } end
  end
end

-- The rating: points, and a rest costs nothing.
function M.score(ctx) return T.counter(ctx.args.seat, "points") end

return M
