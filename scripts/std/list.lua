-- Small list helpers every pack needs. Pure functions: no game state.
-- Loops count with numbers rather than ipairs: in Lua 5.4 an ipairs step is
-- a call into C, several times the cost of indexing (docs/performance.md).
local list = {}

-- The items for which keep(item) is true, in order.
function list.filter(items, keep)
  local out, n = {}, 0
  for i = 1, #items do
    local x = items[i]
    if keep(x) then
      n = n + 1
      out[n] = x
    end
  end
  return out
end

-- f(item) for every item, in order.
function list.map(items, f)
  local out = {}
  for i = 1, #items do out[i] = f(items[i]) end
  return out
end

-- The sum of f(item) over the items.
function list.sum(items, f)
  local total = 0
  for i = 1, #items do total = total + f(items[i]) end
  return total
end

-- Whether value is one of the items.
function list.contains(items, value)
  for i = 1, #items do
    if items[i] == value then return true end
  end
  return false
end

-- The first position of value in the items, or nil.
function list.index_of(items, value)
  for i = 1, #items do
    if items[i] == value then return i end
  end
  return nil
end

return list
