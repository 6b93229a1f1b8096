-- The dice game of pack.toml.
local T = tabula
local M = {}

function M.setup()
  for _, id in ipairs(T.param("tokens")) do T.create(id, "bag") end
  T.shuffle("bag")
end

function M.turn(ctx)
  T.decide {
    seat = ctx.seat, prompt = { "turn", seat = ctx.seat }, on_choice = "rolled", args = { seat = ctx.seat },
    options = { { id = "roll", label = "roll" }, { id = "pass", label = "pass" } },
  }
end

function M.rolled(ctx)
  if ctx.choice ~= "roll" then return end
  local seat, pips = ctx.args.seat, T.random(6)
  T.add_counter(seat, "score", pips)
  T.log { "rolled", seat = seat, pips = pips }
  local front = T.zone("bag")[1]
  if pips >= T.param("bonus_roll") and front then
    T.move(front, "hand", seat)
    T.log({ "drew", token = front }, seat)
    T.log { "drew_hidden", seat = seat }
  end
end

function M.score()
  local best, winners = -1, {}
  for seat = 1, T.seats() do
    local s = T.counter(seat, "score")
    if s > best then best, winners = s, { seat } elseif s == best then winners[#winners + 1] = seat end
  end
  local scores = {}
  for seat = 1, T.seats() do scores[seat] = T.counter(seat, "score") end
  T.game_over({ winners = winners, scores = scores }, { "won", seat = winners[1] })
end

return M
