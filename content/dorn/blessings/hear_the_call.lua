-- B11 Hear the Call (dorn.md §6.8): the hero pulls any other hero onto a
-- free field next to himself (physically: not across a Teleport); the
-- other cannot refuse. Unusable when no such field is free. Option
-- `<hero def>><field>`.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local rituals = require "rules.rituals"
local blessings = require "rules.blessings"
local M = {}

local function options(h)
  local out = {}
  for _, o in ipairs(board.all("hero")) do
    if o ~= h then
      for _, f in ipairs(rituals.around(board.field(h))) do
        if blessings.free_for_hero(o, f) then
          out[#out + 1] = { id = T.def(o) .. ">" .. f,
            label = { "move.to", figure = o, from = names.of(board.field(o)), field = names.of(f) } }
        end
      end
    end
  end
  return out
end

M.extend = blessings.needs(options)

function M.play(ctx)
  T.decide { seat = ctx.args.seat, prompt = { "blessing.call", hero = ctx.args.hero }, options = options(ctx.args.hero),
             on_choice = M.called, args = ctx.args }
end

function M.called(ctx)
  local def, field = ctx.choice:match("^(.+)>(.+)$")
  for _, o in ipairs(board.all("hero")) do
    if T.def(o) == def then blessings.put_hero(o, field) end
  end
end

return M
