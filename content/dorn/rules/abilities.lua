-- The abilities printed on the cards of the figures in play (dorn.md §6.1,
-- §6.3): at setup each hero and Zorkal gets one `ability` entity per entry
-- naming him as `owner`, in the zone `abilities`, with `holder` = his
-- figure. An ability acts once its holder has reached its level; its script
-- (if it has one) listens only in `abilities` and asks `active(self)`.
local T = tabula
local board = require "rules.board"
local M = {}

-- Creates the ability entities of a figure just put in play.
function M.give(figure)
  local owner = T.def(figure)
  for _, d in ipairs(T.defs { kind = "ability" }) do
    if T.def_get(d, "owner") == owner then
      local a = T.create(d, "abilities")
      T.set(a, "holder", figure)
    end
  end
end

-- Whether the ability entity `a` acts now: its holder is on the board (not
-- dead, not away as the Astral Traveller) and has its level.
function M.active(a)
  local holder = T.get(a, "holder")
  if holder < 0 or T.where(a) ~= "abilities" then return false end
  if not board.on_board(holder) then return false end
  return T.get(holder, "level") >= T.def_get(T.def(a), "level")
end

-- The abilities of `figure` that act now, in creation order; of one `type`
-- (attack, spell, passive) when given.
function M.of(figure, type)
  local out = {}
  for _, a in ipairs(T.zone("abilities")) do
    if T.get(a, "holder") == figure and M.active(a) and (type == nil or T.def_get(T.def(a), "type") == type) then
      out[#out + 1] = a
    end
  end
  return out
end

-- The entity of ability `def` that `figure` holds and can use now, or nil.
function M.has(figure, def)
  for _, a in ipairs(M.of(figure)) do
    if T.def(a) == def then return a end
  end
  return nil
end

return M
