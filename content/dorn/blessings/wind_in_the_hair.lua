-- B10 Wind in the Hair (dorn.md §6.8, §4.4.6): the hero is teleported at
-- once to a field up to `teleport` fields away. The route passes
-- over figures and barriers (R11), never through a Teleport, over another
-- obstacle or the closed Gate; it ends on a field he may stand on.
local T = tabula
local names = require "rules.names"
local teleport = require "rules.teleport"
local blessings = require "rules.blessings"
local M = {}

M.extend = blessings.needs(function(h, card) return teleport.fields(h, T.get(card, "teleport")) end)

function M.play(ctx)
  local options = teleport.fields(ctx.args.hero, T.get(ctx.self, "teleport"))
  T.decide { seat = ctx.args.seat, prompt = { "blessing.teleport", hero = ctx.args.hero },
             options = names.options(options, "pick.figure_to", { figure = ctx.args.hero }),
             on_choice = M.go, args = ctx.args }
end

function M.go(ctx) blessings.put_hero(ctx.args.hero, ctx.choice) end

return M
