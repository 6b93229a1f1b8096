-- Fresh Wind, Magic Wind, Good Times, Interesting Times (PB §6.2, D-17):
-- lives, magic, gold or experience for the drawer and for everyone else.
local T = tabula
local board = require "rules.board"
local chance = require "rules.chance"
local resources = require "rules.resources"
local M = {}

local function give(char, what, n)
  if what == "lives" then
    resources.heal(char, n, "chance")
  elseif what == "magic" then
    resources.restore_magic(char, n, "chance")
  else
    resources.add(T.owner(char), what, n)
  end
end

function M.resolve(ctx)
  local e = T.get(ctx.self, "effect")
  local drawer = board.character(ctx.args.seat)
  for _, c in ipairs(chance.affected()) do give(c, e.what, c == drawer and e.drawer or e.others) end
end

return M
