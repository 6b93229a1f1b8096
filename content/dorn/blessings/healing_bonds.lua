-- B9 Healing Bonds (dorn.md §6.8): the hero goes at once to a free field
-- next to the Seer: the field before the Seer's hut (`seer_front`, where
-- the Seer heals, §4.12); the hut itself is no field. Unusable while that
-- is taken.
local T = tabula
local names = require "rules.names"
local blessings = require "rules.blessings"
local M = {}

local function fields(h)
  local out = {}
  for _, f in ipairs(T.nodes("board", "seer_front")) do
    if blessings.free_for_hero(h, f) then out[#out + 1] = f end
  end
  return out
end

M.extend = blessings.needs(fields)

function M.play(ctx)
  local free = fields(ctx.args.hero)
  if #free == 1 then
    blessings.put_hero(ctx.args.hero, free[1])
    return
  end
  T.decide { seat = ctx.args.seat, prompt = { "blessing.teleport", hero = ctx.args.hero },
             options = names.options(free, "pick.figure_to", { figure = ctx.args.hero }),
             on_choice = M.go, args = ctx.args }
end

function M.go(ctx) blessings.put_hero(ctx.args.hero, ctx.choice) end

return M
