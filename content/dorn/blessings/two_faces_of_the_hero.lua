-- B2 Two Faces of the Hero, Dvě tváře hrdiny (dorn.md §6.8): the hero
-- swaps places with any other hero on the board, who cannot refuse. No
-- step is taken, so a hero held by Icy Prison may do it (TV-42).
local T = tabula
local board = require "rules.board"
local blessings = require "rules.blessings"
local M = {}

local function others(h)
  local out = {}
  for _, o in ipairs(board.all("hero")) do
    if o ~= h then out[#out + 1] = o end
  end
  return out
end

M.extend = blessings.needs(others)

function M.play(ctx)
  local options = {}
  for _, o in ipairs(others(ctx.args.hero)) do options[#options + 1] = { id = T.def(o), entity = o } end
  T.decide { seat = ctx.args.seat, prompt = { "blessing.swap", hero = ctx.args.hero }, options = options,
             on_choice = M.swap, args = ctx.args }
end

function M.swap(ctx)
  local h = ctx.args.hero
  for _, o in ipairs(others(h)) do
    if T.def(o) == ctx.choice then
      local fh, fo = board.field(h), board.field(o)
      blessings.put_hero(h, fo)
      blessings.put_hero(o, fh)
    end
  end
end

return M
