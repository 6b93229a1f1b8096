-- How `ai` seats rate a position with Treasure Island (the pack's score):
-- the base's rating, plus what the seat's maps are worth and, in Treasure
-- Hunters, its fame against the best rival's. Not a rule; the weights are
-- the param `island_ai_rating`. Reads only what every seat sees.
local T = tabula
local base = require "rules.rating"
local M = {}

function M.score(ctx)
  local seat = ctx.args.seat
  local W = T.param("island_ai_rating")
  local v = base.score(ctx) + W.map * T.count("maps", seat)
  if T.counter(seat, "fame") == nil then return v end
  local rival = 0
  for s = 1, T.seats() do
    if s ~= seat then rival = math.max(rival, T.counter(s, "fame")) end
  end
  return v + W.fame * T.counter(seat, "fame") - W.rival_fame * rival
end

return M
