-- Small list helpers every pack needs. Pure functions: no game state.
local list = {}

function list.filter(items, keep)
  local out = {}
  for _, x in ipairs(items) do
    if keep(x) then out[#out + 1] = x end
  end
  return out
end

function list.map(items, f)
  local out = {}
  for i, x in ipairs(items) do out[i] = f(x) end
  return out
end

function list.sum(items, f)
  local total = 0
  for _, x in ipairs(items) do total = total + f(x) end
  return total
end

function list.contains(items, value)
  for _, x in ipairs(items) do
    if x == value then return true end
  end
  return false
end

function list.index_of(items, value)
  for i, x in ipairs(items) do
    if x == value then return i end
  end
  return nil
end

return list
