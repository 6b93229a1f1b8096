-- Almanor's Teleport (components §3.4, dorn.md §6.6 SP5): himself or one
-- adjacent hero (`effect.or_self`) up to `effect.teleport` fields, by the
-- rules of §4.4.6 (rules/teleport.lua). His player
-- picks the field. Being teleported is not moving (§4.4.6.7).
local T = tabula
local names = require "rules.names"
local teleport = require "rules.teleport"
local board = require "rules.board"
local reach = require "rules.reach"
local M = {}

local function effect(a) return T.def_get(T.def(a), "effect") end

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    local hero, out = ctx.args.hero, {}
    local n = effect(ctx.self).teleport
    for _, h in ipairs(board.all("hero")) do
      local near = h == hero and effect(ctx.self).or_self or reach.adjacent(board.field(hero), board.field(h))
      if near and #teleport.fields(h, n) > 0 then out[#out + 1] = tostring(h) end
    end
    return out
  end,
}

function M.resolve(ctx)
  local who = math.tointeger(tonumber(ctx.args.aim))
  local options = {}
  for _, f in ipairs(teleport.fields(who, effect(ctx.self).teleport)) do
    options[#options + 1] = { id = f, label = { "h3.teleport_to", figure = who, field = names.of(f) } }
  end
  T.decide { seat = T.owner(ctx.args.hero), prompt = "h3.teleport_where", options = options, on_choice = M.land, args = { figure = who } }
end

function M.land(ctx)
  local who = ctx.args.figure
  local from = board.field(who)
  T.move(who, ctx.choice)
  T.emit("entered", { figure = who, field = ctx.choice, from = from, teleported = true })
end

return M
