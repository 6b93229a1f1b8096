-- R9 Dark Fortress, Temná rošáda (dorn.md §6.7): the Lord puts up to
-- `monsters` monsters on any legal fields (or leaves one where it
-- stands); they may move and attack this turn, whatever holds them: the
-- modifier answers 1 to `may_act` for them, after the spells' and items'
-- modifiers (a Ritual beats a spell: TV-41). The monsters chosen are
-- `data.monsters`.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local effects = require "rules.effects"
local rituals = require "rules.rituals"
local M = {}

M.extend = {
  ritual_blocked = function(ctx)
    if #board.all("monster") == 0 then return { ctx.self } end
    return nil
  end,
}

function M.play(ctx)
  effects.data(ctx.self).monsters = {}
  M.next(ctx)
end

function M.next(ctx)
  local d = effects.data(ctx.self)
  if #d.monsters >= T.get(ctx.self, "monsters") then return end
  local options = {}
  for _, m in ipairs(board.all("monster")) do
    if not rituals.is_in(d.monsters, m) then options[#options + 1] = { id = m, entity = m } end
  end
  if #options == 0 then return end
  options[#options + 1] = { id = "done", label = "ritual.done" }
  T.decide { seat = 1, prompt = "ritual.fortress", options = options, on_choice = M.picked }
end

function M.picked(ctx)
  if ctx.choice == "done" then return end
  local m = ctx.choice
  local d = effects.data(ctx.self)
  d.monsters[#d.monsters + 1] = m
  local fields = { board.field(m) }
  for _, f in ipairs(rituals.free_fields(T.nodes("board"))) do fields[#fields + 1] = f end
  T.decide { seat = 1, prompt = { "ritual.fortress_field", monster = m },
             options = names.options(fields, "pick.figure_to", { figure = m }),
             on_choice = M.placed, args = { monster = m } }
end

function M.placed(ctx)
  if ctx.choice ~= board.field(ctx.args.monster) then T.move(ctx.args.monster, ctx.choice) end
  T.schedule(M.next)
end

M.modify = {
  may_act = function(ctx)
    local d = rituals.data(ctx)
    if d and d.monsters and rituals.is_in(d.monsters, ctx.args.figure) then return 1 end
    return nil
  end,
}

return M
