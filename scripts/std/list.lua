-- Small list helpers every pack needs. Pure functions: no game state.
-- Loops count with numbers rather than ipairs: in Lua 5.4 an ipairs step is
-- a call into C, several times the cost of indexing (docs/performance.md).
local list = {}

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

function list.map(items, f)
  local out = {}
  for i = 1, #items do out[i] = f(items[i]) end
  return out
end

function list.sum(items, f)
  local total = 0
  for i = 1, #items do total = total + f(items[i]) end
  return total
end

function list.contains(items, value)
  for i = 1, #items do
    if items[i] == value then return true end
  end
  return false
end

function list.index_of(items, value)
  for i = 1, #items do
    if items[i] == value then return i end
  end
  return nil
end

return list
