-- R3 Icy Prison (dorn.md §6.7, OQ-44): the Lord picks `heroes`
-- heroes (all of them when there are no more); in the heroes' next turn
-- they may not move (`may_act` "move"). They may still attack, cast, use
-- items and play cards, and a Blessing that moves them still does (§4.9).
local T = tabula
local board = require "rules.board"
local effects = require "rules.effects"
local rituals = require "rules.rituals"
local M = {}

function M.play(ctx)
  local heroes = board.all("hero")
  local n = math.min(T.get(ctx.self, "heroes"), #heroes)
  if #heroes <= n then
    effects.data(ctx.self).heroes = heroes
    return
  end
  local options = {}
  for _, h in ipairs(heroes) do options[#options + 1] = { id = T.def(h), entity = h } end
  T.decide { seat = 1, prompt = { "ritual.icy_prison", n = n }, options = options, pick = { min = n, max = n },
             on_choice = M.picked }
end

function M.picked(ctx)
  local heroes = {}
  for _, h in ipairs(board.all("hero")) do
    if rituals.is_in(ctx.choice, T.def(h)) then heroes[#heroes + 1] = h end
  end
  effects.data(ctx.self).heroes = heroes
end

M.modify = {
  may_act = function(ctx)
    local d = rituals.data(ctx)
    if d and ctx.args.what == "move" and effects.side() == "heroes" and rituals.is_in(d.heroes, ctx.args.figure) then
      return 0
    end
    return nil
  end,
}

return M
