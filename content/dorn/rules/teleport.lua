-- Where a teleportation effect may put a figure, dorn.md §4.4.6: spells,
-- abilities, Blessings and items that relocate a hero or a monster (not the
-- board Teleports). The route passes over figures and over the barriers of
-- The Earth Awakens (R11), never through a board Teleport, another obstacle
-- or the closed Gate, and only between fields that physically touch; it
-- ends on a field the figure may stop on, never a monster on the Path or in
-- Argos.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local M = {}

local function has_barrier(field)
  for _, id in ipairs(T.zone(field)) do
    if T.kind(id) == "barrier" then return true end
  end
  return false
end

local function may_land(figure, field)
  if board.obstacle(field) or not board.may_stop(figure, field) then return false end
  return T.kind(figure) == "hero" or not (board.tagged(field, "path") or board.tagged(field, "multi_hero"))
end

-- The fields `figure` may be teleported to, up to `range` steps: nearest
-- first, then in field order (as tabula.within).
function M.fields(figure, range)
  local here = board.field(figure)
  local blocked = {}
  for _, f in ipairs(reach.blocked()) do
    if not has_barrier(f) then blocked[f] = true end
  end
  local seen, frontier, out = { [here] = true }, { here }, {}
  for _ = 1, range do
    local next_frontier = {}
    for _, f in ipairs(frontier) do
      for _, n in ipairs(T.adjacent(f)) do
        if not seen[n] and not blocked[n] and reach.adjacent(f, n) then
          seen[n] = true
          next_frontier[#next_frontier + 1] = n
        end
      end
    end
    table.sort(next_frontier)
    for _, n in ipairs(next_frontier) do
      if may_land(figure, n) then out[#out + 1] = n end
    end
    frontier = next_frontier
  end
  return out
end

return M
