-- Drawing from a list at random as chance events (tabula.chance), so that
-- tools, logs, solvers and scenario files see each draw with its outcomes
-- (docs/lua-api.md, "tabula.chance"). Each draw is one event of the name
-- given, over the items still there: the same draw tabula.random(#items)
-- made, so a pack that moves to these keeps its games for the same seed.
local T = tabula
local chance = {}

-- One of the items, drawn, taken out of the list (no putting back).
function chance.take(name, items)
  local item, i = T.chance(name, items)
  table.remove(items, i)
  return item
end

-- n items drawn one by one without putting back (fewer if the list runs
-- out), in draw order, and the items left, in their order. The list given
-- is not changed.
function chance.draw(name, items, n)
  local bag, out = {}, {}
  for i = 1, #items do bag[i] = items[i] end
  for k = 1, math.min(n, #bag) do out[k] = chance.take(name, bag) end
  return out, bag
end

return chance
