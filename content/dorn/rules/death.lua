-- The death of a hero, dorn.md §4.13. The kernel has already moved the
-- figure to `fallen` (its kind's knock-out zone) and the Lord has his Blood
-- Drops (rules/wounds.lua); here the hero's things are settled.
local T = tabula
local M = {}

local function held_by(zone, hero)
  local out = {}
  for _, id in ipairs(T.zone(zone)) do
    if T.get(id, "held_by") == hero then out[#out + 1] = id end
  end
  return out
end

-- `field`: where he fell.
function M.hero(hero, field, info)
  -- 3: his Treasure cards are destroyed.
  for _, id in ipairs(held_by("items", hero)) do
    T.set(id, "held_by", 0)
    T.move(id, "spent")
  end
  -- 4: his Artifacts lie where he fell (no first pick-up bonus again).
  for _, id in ipairs(held_by("carried", hero)) do
    T.set(id, "held_by", 0)
    T.move(id, field)
  end
  -- 5 (OQ-15): his XP tokens go back to the supply, strong ones to the bag;
  -- his unused Blessing is lost.
  for _, id in ipairs(held_by("trophies", hero)) do
    T.set(id, "held_by", 0)
    T.move(id, T.def_get(T.def(id), "weight") == "strong" and "bag" or "supply")
  end
  local blessing = require("rules.blessings").card_of(hero)
  if blessing then T.move(blessing, "spent") end
  -- His abilities leave play with him.
  for _, id in ipairs(T.zone("abilities")) do
    if T.get(id, "holder") == hero then T.move(id, "spent") end
  end
  T.emit("hero_died", { target = hero, field = field, by = info and info.by })
end

return M
