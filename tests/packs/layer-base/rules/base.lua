local T = tabula
local M = {}

local function opponent(seat) return seat % 2 + 1 end

-- Every seat fields one of each fighter the merged packs define, in id order.
function M.setup()
  for seat = 1, 2 do
    for _, def in ipairs(T.option("fighters") or {}) do T.create(def, "band", seat) end
  end
end

function M.decided()
  return T.count("band", 1) == 0 or T.count("band", 2) == 0 or (T.var("round") or 0) > T.param("rounds")
end

function M.strike(ctx)
  local options = {}
  for i, id in ipairs(T.defenders()) do options[#options + 1] = { id = "hit" .. i, entity = id } end
  T.decide { seat = opponent(ctx.seat), prompt = "whom", options = options, on_choice = "hit" }
end

function M.hit(ctx)
  local target = T.defenders()[tonumber(string.sub(ctx.choice, 4))]
  T.damage(target, 2, { source = "strike" })
end

function M.score()
  T.game_over { winner = T.count("band", 1) > 0 and 1 or 2 }
end

return M
