-- R6 Reinforcements (dorn.md §6.7): the black starting fields are filled
-- again as at setup (§3 S9): `weak` weak monsters of the setup's mix
-- (`params.starting_weak`) and `strong` strong ones drawn from the
-- bag. An occupied black field gets none. The Lord puts one monster at a
-- time on a free black field; when the free fields run out, the monsters
-- left go back (so with fewer free fields he chooses which come). Tokens
-- come from the supply; a type at its cap or without a token is skipped.
local T = tabula
local names = require "rules.names"
local rituals = require "rules.rituals"
local M = {}

local function free_start_fields() return rituals.free_fields(T.nodes("board", "start_spot")) end

-- Cannot be played while every black field is taken.
M.extend = {
  ritual_blocked = function(ctx)
    if #free_start_fields() == 0 then return { ctx.self } end
    return nil
  end,
}

function M.play(ctx)
  for _ = 1, T.get(ctx.self, "strong") do
    local bag = T.zone("bag")
    if #bag > 0 then T.move(T.chance("strong_monster", bag), "staging") end
  end
  local weak, mix = 0, T.param("starting_weak")
  for _, m in ipairs(T.defs { kind = "monster" }) do
    for _ = 1, (mix[m] or 0) do
      local token = weak < T.get(ctx.self, "weak") and rituals.weak_token(m)
      if token then
        T.move(token, "staging")
        weak = weak + 1
      end
    end
  end
  M.next(ctx)
end

-- The staged monsters still to place, in staging order.
local function staged()
  local out = {}
  for _, id in ipairs(T.zone("staging")) do
    if T.kind(id) == "monster" then out[#out + 1] = id end
  end
  return out
end

function M.next()
  local tokens, fields = staged(), free_start_fields()
  if #tokens == 0 or #fields == 0 then
    for _, id in ipairs(tokens) do
      T.move(id, T.def_get(T.def(id), "weight") == "strong" and "bag" or "supply")
    end
    return
  end
  local options = {}
  for _, id in ipairs(tokens) do
    for _, f in ipairs(fields) do
      options[#options + 1] = { id = id .. ">" .. f, label = { "ritual.put", token = id, field = names.of(f) } }
    end
  end
  T.decide { seat = 1, prompt = "ritual.reinforcements", options = options, on_choice = M.put }
end

function M.put(ctx)
  local id, field = ctx.choice:match("^(%d+)>(.+)$")
  rituals.arrive(math.tointeger(tonumber(id)), field)
  T.schedule(M.next)
end

return M
