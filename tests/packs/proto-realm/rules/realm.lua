-- The base rules of the ring-board prototype. Expansions add options to the
-- "act" decision through the extension point "actions" (tabula.collect);
-- each added option carries its own on_choice, so this module never needs
-- to know them.
local T = tabula
local M = {}

local function draw_for(seat)
  if T.count("deck") == 0 then
    for _, id in ipairs(T.zone("discard")) do T.move(id, "deck") end
    T.shuffle("deck")
  end
  local top = T.zone("deck")[1]
  if top then T.move(top, "hand", seat) end
end

-- Moves a seat round the ring; a shrine pays one gold.
local function advance(seat, steps)
  local ring = T.param("ring")
  local pos = (T.counter(seat, "pos") - 1 + steps) % ring + 1
  T.set_counter(seat, "pos", pos)
  if pos % T.param("shrine_every") == 0 then T.add_counter(seat, "gold", 1) end
  T.emit("moved", { seat = seat, pos = pos })
end

function M.setup(ctx)
  for _, id in ipairs(T.param("deck")) do T.create(id, "deck") end
  T.shuffle("deck")
  for seat = 1, T.seats() do draw_for(seat) end
end

function M.draw(ctx) draw_for(ctx.seat) end

function M.act(ctx)
  local seat = ctx.seat
  local options = {}
  for _, id in ipairs(T.zone("hand", seat)) do options[#options + 1] = { id = id, entity = id } end
  options[#options + 1] = { id = "rest", label = "realm.rest" }
  for _, o in ipairs(T.collect("actions", { seat = seat })) do options[#options + 1] = o end
  T.decide{ seat = seat, prompt = { "realm.act", seat = seat }, options = options, on_choice = "acted", args = { seat = seat } }
end

function M.acted(ctx)
  local seat = ctx.args.seat
  if ctx.choice == "rest" then
    T.add_counter(seat, "gold", 1)
    return
  end
  local card = ctx.choice
  T.add_counter(seat, "gold", T.get(card, "gold"))
  T.move(card, "discard")
  if T.get(card, "move") > 0 then advance(seat, T.get(card, "move")) end
end

function M.cleanup(ctx)
  local hand = T.zone("hand", ctx.seat)
  if #hand > T.param("hand_limit") then T.move(hand[1], "discard") end
end

local function leader()
  local best, gold = 1, -1
  for seat = 1, T.seats() do
    if T.counter(seat, "gold") > gold then best, gold = seat, T.counter(seat, "gold") end
  end
  return best, gold
end

function M.over(ctx)
  local _, gold = leader()
  return gold >= T.param("target") or (T.var("round") or 0) >= T.param("rounds")
end

function M.score(ctx)
  local seat, gold = leader()
  T.game_over({ winners = { seat } }, { "realm.won", seat = seat, gold = gold })
end

return M
