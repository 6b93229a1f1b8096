-- The decision kit's rules (see pack.toml).
local T = tabula
local seats = require "std.seats"
local M = {}

local AREAS = { "gate", "hall", "tower" }
local CARDS = { "sword", "shield", "lamp", "rope" }

-- A broken call for each error case the tests ask for (option bad).
local broken = {
  min_over_max = function()
    T.decide { seat = 1, prompt = "bad", options = { "a", "b" }, on_choice = "noop", pick = { min = 2, max = 1 } }
  end,
  min_over_options = function()
    T.decide { seat = 1, prompt = "bad", options = { "a", "b" }, on_choice = "noop", pick = { min = 3 } }
  end,
  negative = function()
    T.decide { seat = 1, prompt = "bad", options = { "a", "b" }, on_choice = "noop", pick = { min = -1 } }
  end,
  comma_id = function()
    T.decide { seat = 1, prompt = "bad", options = { "a,b", "c" }, on_choice = "noop", pick = {} }
  end,
  dash_id = function()
    T.decide { seat = 1, prompt = "bad", options = { "-", "c" }, on_choice = "noop", pick = {} }
  end,
  group = function() T.group("heros") end,
  refresh_fn = function()
    T.decide { seat = 1, prompt = "bad", options = { "a" }, on_choice = "noop", refresh = "nowhere" }
  end,
}

function M.noop() end

function M.setup()
  local bad = T.option("bad")
  if bad and broken[bad] then broken[bad]() end
  -- Nothing is open yet: withdraw finds nothing and says so.
  T.set_var("withdrew_nothing", T.withdraw(2) == false and T.pending(2) == nil)
  for i = 1, (T.option("areas") or 3) do T.create(AREAS[i], "board") end
  for _, c in ipairs(CARDS) do T.create(c, "offer") end
  T.set_var("action", T.option("action") or "a")
  T.set_var("lord", T.group("lord"))
  T.set_var("heroes", T.group("heroes"))
  T.set_var("seat2_hero", T.in_group(2, "heroes") and not T.in_group(2, "lord"))
end

-- The free areas as options, each standing for its entity.
local function free_areas()
  local out = {}
  for _, id in ipairs(T.zone("board")) do
    if T.get(id, "holder") == 0 then out[#out + 1] = { id = T.def(id), entity = id } end
  end
  return out
end

function M.move()
  T.decide { seat = 1, secret = true, prompt = "guard", options = { "watch", "rest" }, on_choice = "guarded",
             on_withdraw = "lord_withdrawn" }
  for _, seat in ipairs(T.group("heroes")) do
    T.decide { seat = seat, secret = true, prompt = { "move", seat = seat }, options = free_areas(),
               on_choice = "moved", args = { seat = seat }, refresh = "still_free", on_withdraw = "stuck" }
  end
end

-- A hero's open question, asked again after another seat's choice.
function M.still_free(ctx)
  local bad = T.option("bad")
  if bad == "refresh_garbage" then return 42 end
  if bad == "refresh_twice" then return { "gate", "gate" } end
  if bad == "refresh_schedules" then T.schedule("noop") end
  assert(ctx.args.seat >= 2, "refresh gets the decision's args")
  return free_areas()
end

function M.moved(ctx)
  for _, id in ipairs(T.zone("board")) do
    if T.def(id) == ctx.choice then T.set(id, "holder", ctx.args.seat) end
  end
  if ctx.choice == "gate" then
    T.set_var("lord_was_asked", T.pending(1))
    T.set_var("withdrew_lord", T.withdraw(1))
  end
end

function M.guarded(ctx) T.set_var("guard", ctx.choice) end
function M.lord_withdrawn() T.set_var("lord_withdrawn", true) end

function M.stuck(ctx)
  local stuck = {}
  for _, s in ipairs(T.var("stuck") or {}) do stuck[#stuck + 1] = s end
  stuck[#stuck + 1] = ctx.args.seat
  T.set_var("stuck", stuck)
end

function M.hero_turn(ctx)
  if ctx.seat == seats.group_from_start("heroes")[1] then T.set_var("expected_order", seats.group_from_start("heroes")) end
  local order = {}
  for _, s in ipairs(T.var("order") or {}) do order[#order + 1] = s end
  order[#order + 1] = ctx.seat
  T.set_var("order", order)
end

-- One query serves both branches: the node's args say which it is.
function M.not_chosen(ctx) return T.var("action") ~= ctx.args.action end

function M.act(ctx) T.set_var("acted", { ctx.args.action, ctx.args.bonus or 0 }) end

function M.market()
  local options = {}
  for _, id in ipairs(T.zone("offer")) do options[#options + 1] = { id = T.def(id), entity = id } end
  T.decide { seat = 1, prompt = "buy", options = options, on_choice = "bought", pick = { max = 2 } }
end

function M.bought(ctx)
  T.set_var("bought", ctx.choice)
  for _, def in ipairs(ctx.choice) do
    for _, id in ipairs(T.zone("offer")) do
      if T.def(id) == def then T.move(id, "hand", 1) end
    end
  end
end

function M.dice()
  T.decide { seat = 1, prompt = "dice", label = "die", options = { 1, 2, 3, 4 }, on_choice = "kept",
             pick = { min = 2, max = 2 } }
end

function M.kept(ctx)
  T.set_var("dice", ctx.choice)
  T.game_over({ dice = ctx.choice[1] + ctx.choice[2] })
end

return M
