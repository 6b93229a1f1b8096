-- B1 The Astral Traveller (dorn.md §6.8): the hero leaves the board (zone
-- `astral`). At the start of his next turn (H1, before any Blessing is
-- played) his player puts him on any field he may stand on, not beyond the
-- Gate (the throne room and the Gate itself); in that turn he may not move,
-- attack, cast or use items (`may_act` 0 for every `what`).
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local effects = require "rules.effects"
local blessings = require "rules.blessings"
local M = {}

function M.play(ctx)
  local d = effects.data(ctx.self)
  d.away = T.var("lord_turn")
  T.move(ctx.args.hero, "astral")
end

function M.returns(ctx)
  local h = effects.data(ctx.self).hero
  local fields = {}
  for _, f in ipairs(T.nodes("board")) do
    if blessings.free_for_hero(h, f) and not board.region(f, "throne_room") and not board.region(f, "gate") then
      fields[#fields + 1] = f
    end
  end
  T.decide { seat = T.owner(h), prompt = { "blessing.astral", hero = h },
             options = names.options(fields, "pick.figure_to", { figure = h }),
             on_choice = M.back }
end

function M.back(ctx) blessings.put_hero(effects.data(ctx.self).hero, ctx.choice) end

M.modify = {
  may_act = function(ctx)
    local d = blessings.data(ctx)
    if d and d.away and d.hero == ctx.args.figure and d.away < T.var("lord_turn") and effects.side() == "heroes" then
      return 0
    end
    return nil
  end,
}

return M
