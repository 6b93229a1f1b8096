-- Setup, the turns and the end. The seat groups say who plays what: the
-- Lord's seat, and the heroes' seats, one hero each (var "heroes": their
-- ids, in seat order).
local T = tabula
local B = require "rules.board"

local M = {}

local function lord() return T.group("lord")[1] end
local function hero_of(seat) return T.var("heroes")[seat - T.group("heroes")[1] + 1] end

function M.setup()
  local heroes = {}
  local seats = T.group("heroes")
  for i, h in ipairs(T.param("heroes")) do heroes[i] = T.create(h[1], h[2], seats[i]) end
  T.set_var("heroes", heroes)
  for _, m in ipairs(T.param("monsters")) do T.create(m[1], m[2]) end
end

function M.out_of_time() return (T.var("round") or 0) >= T.param("rounds") end
function M.time_up() T.game_over({ winners = { lord() }, side = "lord", by = "time" }, "map.lord_wins") end

-- The Lord: one monster moves to a free neighbouring area or hunts, or none.
function M.lord_turn()
  local options = { { id = "pass", label = "map.pass" } }
  local held = B.held_by("monster")
  for _, m in ipairs(B.standing("monster")) do
    if B.hunt_step(m) then options[#options + 1] = { id = "hunt" .. m, label = { "map.hunt", who = m } } end
    for _, to in ipairs(T.adjacent(T.where(m))) do
      if not held[to] then options[#options + 1] = { id = m .. ">" .. to, label = { "map.move", who = m, to = to } } end
    end
  end
  T.decide { seat = lord(), prompt = "map.lord", options = options, on_choice = "lord_moves" }
end

function M.lord_moves(ctx)
  if ctx.choice == "pass" then return end
  local hunter = tonumber(ctx.choice:match("^hunt(%d+)$"))
  if hunter then return B.go(hunter, B.hunt_step(hunter)) end
  local m, to = ctx.choice:match("^(%d+)>(.+)$")
  B.go(tonumber(m), to)
end

function M.fallen(ctx) return not B.on_board(hero_of(ctx.seat)) end

-- A hero: a neighbouring area without the other hero, staying, or resting
-- (heal 1) when wounded and no monster is near.
function M.hero_turn(ctx)
  local hero = hero_of(ctx.seat)
  local at = T.where(hero)
  local options = { { id = "stay", label = "map.stay" } }
  if T.get(hero, "wounds") > 0 and B.safe(at, T.param("rest_range")) then
    options[#options + 1] = { id = "rest", label = "map.rest" }
  end
  local heroes = B.held_by("hero")
  for _, to in ipairs(T.adjacent(at)) do
    if not heroes[to] then options[#options + 1] = { id = to, label = { "map.move", who = hero, to = to } } end
  end
  T.decide { seat = ctx.seat, prompt = "map.hero", options = options, on_choice = "hero_moves", args = { hero = hero } }
end

function M.hero_moves(ctx)
  local hero = ctx.args.hero
  if ctx.choice == "rest" then
    T.heal(hero, 1, { source = "rest" })
  elseif ctx.choice ~= "stay" then
    B.go(hero, ctx.choice)
  end
end

M.on = {
  knocked_out = function()
    if #B.standing("hero") == 0 then T.game_over({ winners = { lord() }, side = "lord", by = "fallen" }, "map.lord_wins") end
  end,
}

return M
