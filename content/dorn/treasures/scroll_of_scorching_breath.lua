-- TR14 Scroll of Scorching Breath (dorn.md §6.9): every monster (Zorkal too,
-- OQ-23) and, with `hits_heroes`, every other hero within
-- `range` fields of the reader, round corners and not through a
-- Teleport, takes `damage` wounds; the kills' tokens are his XP.
-- Then he pays `life_cost` lives.
local T = tabula
local treasures = require "rules.treasures"
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

local function victims(item, hero)
  local here = board.field(hero)
  local fields = T.within(here, T.get(item, "range"), reach.blocked())
  table.insert(fields, 1, here)
  local out = {}
  for _, f in ipairs(fields) do
    for _, o in ipairs(board.figures(f)) do
      if o ~= hero and (T.kind(o) ~= "hero" or T.get(item, "hits_heroes")) then out[#out + 1] = o end
    end
  end
  return out
end

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  local n = T.get(item, "damage")
  for _, o in ipairs(victims(item, hero)) do wounds.deal(o, n, { by = hero, how = "item", card = item }) end
  treasures.finish(item, hero)
end

M.extend = {
  h2_actions = function(ctx)
    local offer = treasures.offer(ctx, M.use)
    if offer and #victims(ctx.self, T.get(ctx.self, "held_by")) > 0 then return offer end
    return nil
  end,
}

return M
