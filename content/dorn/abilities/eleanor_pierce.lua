-- Eleanor's Impale (Probodnutí; components §3.6, dorn.md §6.5 AB2): once a
-- turn, as her one boosted attack, one pike thrust deals `damage` to a
-- monster next to her and to another one 2 fields away (`effect.in_line`),
-- when she and both stand in a straight line. The thrust runs through the
-- first monster, so it needs no line of sight past it.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local hero_combat = require "rules.hero_combat"
local M = {}

local XY = T.param("field_xy")

-- Whether c lies beyond b on the line from a through b: the turn between
-- the two legs is under about 3 degrees (sin < 1/20).
function M.in_line(a, b, c)
  local ux, uy = XY[b][1] - XY[a][1], XY[b][2] - XY[a][2]
  local vx, vy = XY[c][1] - XY[b][1], XY[c][2] - XY[b][2]
  local cross, dot = ux * vy - uy * vx, ux * vx + uy * vy
  return dot > 0 and cross * cross * 400 < (ux * ux + uy * uy) * (vx * vx + vy * vy)
end

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    local hero, out = ctx.args.hero, {}
    local here = board.field(hero)
    local far = T.def_get(T.def(ctx.self), "effect").in_line
    local beyond = {}
    for _, f in ipairs(T.within(here, far, reach.blocked())) do
      for _, o in ipairs(board.figures(f)) do
        if reach.may_target(hero, o) then beyond[#beyond + 1] = o end
      end
    end
    for _, x in ipairs(reach.targets(hero, "melee", 1)) do
      for _, y in ipairs(beyond) do
        local fx, fy = board.field(x), board.field(y)
        if y ~= x and reach.distance(here, fy) == far and reach.adjacent(fx, fy) and M.in_line(here, fx, fy) then
          out[#out + 1] = x .. "+" .. y
        end
      end
    end
    return out
  end,
}

function M.resolve(ctx)
  local a = ctx.self
  for id in ctx.args.aim:gmatch("%d+") do
    hero_combat.hit(ctx.args.hero, a, math.tointeger(tonumber(id)), hero_combat.damage(a))
  end
end

return M
