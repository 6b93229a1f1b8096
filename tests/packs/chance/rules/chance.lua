-- The chance game of pack.toml.
local T = tabula
local M = {}

-- Declarations a test expects to fail (tests/chance_test.cpp), by the
-- option `bad`.
local BAD = {
  no_name = function() T.chance("", { 1 }) end,
  no_outcomes = function() T.chance("x", {}) end,
  table_outcome = function() T.chance("x", { 1, {} }) end,
  short_weights = function() T.chance("x", { 1, 2 }, { 1 }) end,
  zero_weight = function() T.chance("x", { 1, 2 }, { 1, 0 }) end,
  huge_count = function() T.chance("x", 65537) end,
}

function M.setup()
  if T.option("bad") then BAD[T.option("bad")]() end
  for _, id in ipairs(T.param("tokens")) do T.create(id, "bag") end
  T.set_var("weather", T.chance("weather", T.param("weather"), T.param("weather_weights")))
  T.log { "weather", weather = T.var("weather") }
end

function M.turn(ctx)
  T.decide {
    seat = ctx.seat, prompt = { "turn", seat = ctx.seat }, on_choice = "rolled", args = { seat = ctx.seat },
    options = { { id = "roll", label = "roll" }, { id = "pass", label = "pass" } },
  }
end

function M.rolled(ctx)
  if ctx.choice ~= "roll" then return end
  local seat, pips = ctx.args.seat, T.chance("die", 6)
  T.add_counter(seat, "score", pips + T.param("weather_bonus")[T.var("weather")])
  T.log { "rolled", seat = seat, pips = pips }
  local bag = T.zone("bag")
  if #bag > 0 then T.move(T.chance("token", bag), "hand", seat) end
end

function M.score()
  local best, winners, scores = -1, {}, {}
  for seat = 1, T.seats() do
    local s = T.counter(seat, "score")
    scores[seat] = s
    if s > best then best, winners = s, { seat } elseif s == best then winners[#winners + 1] = seat end
  end
  T.game_over({ winners = winners, scores = scores }, { "won", seat = winners[1] })
end

return M
