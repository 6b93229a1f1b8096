local T = tabula

local function opponent(seat) return seat % 2 + 1 end

local M = {}

function M.setup()
  for seat = 1, 2 do
    T.create("knight", "band", seat)
    T.create("squire", "band", seat)
  end
end

function M.decided()
  return T.count("band", 1) == 0 or T.count("band", 2) == 0
    or (T.var("round") or 0) > T.param("rounds")
end

-- The fight is about the current seat's band (the defenders); the other
-- seat is the attacker and chooses whom to hit.
function M.strike(ctx)
  local attacker = opponent(ctx.seat)
  local options = {}
  for i, id in ipairs(T.defenders()) do
    options[#options + 1] = {
      id = "hit" .. i, entity = id, label = { "fighter", fighter = id, damage = T.get(id, "damage"), hp = T.get(id, "hp") },
    }
  end
  T.decide { seat = attacker, prompt = "whom", options = options, on_choice = "hit", args = { attacker = attacker } }
end

function M.hit(ctx)
  local index = tonumber(string.sub(ctx.choice, 4))
  local target = T.defenders()[index]
  local r = T.damage(target, 2, { source = "strike" })
  T.add_counter(ctx.args.attacker, "hits", 1)
  T.log { "takes", fighter = target, n = r.dealt }
end

function M.score()
  local winner = T.count("band", 1) > 0 and 1 or 2
  T.game_over { winner = winner }
end

M.on = {
  knocked_out = function(ctx) T.log { "out", fighter = ctx.args.target } end,
}

return M
