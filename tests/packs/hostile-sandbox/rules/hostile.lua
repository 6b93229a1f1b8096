local T = tabula
local M = {}

function M.setup() T.create("bomb", "table") end

-- Hands control to the bomb: its `on.poke` asks the question.
function M.poke() T.emit("poke") end
function M.never() return false end

local function next_keys(t)
  local keys, k = {}, nil
  repeat
    k = next(t, k)
    if k ~= nil then keys[#keys + 1] = tostring(k) end
  until k == nil
  return table.concat(keys, ",")
end

-- What still works under the guards; called directly by the test.
function M.probe()
  local keys = 0
  for _ in pairs(string) do keys = keys + 1 end
  local _, caught = pcall(error, { 7 })
  local _, handled = xpcall(function() error("x", 0) end, function(m) return "handled " .. m end)
  local mt = setmetatable({}, { __index = function() return 5 end })
  -- table.sort keeps equal elements in the order they had.
  local records, stable = {}, true
  for i = 1, 300 do records[i] = { key = i % 3, at = i } end
  table.sort(records, function(a, b) return a.key < b.key end)
  for i = 2, #records do
    if records[i - 1].key == records[i].key and records[i - 1].at > records[i].at then stable = false end
  end
  local numbers = { 5, 3, 9, 1, 3 }
  table.sort(numbers)
  -- A table keeps the metatable's fields as they were at setmetatable;
  -- getmetatable gives the metatable passed, and __metatable protects.
  local meta = {}
  local object = setmetatable({}, meta)
  meta.__index = function() return 1 end
  local locked = setmetatable({}, { __metatable = "locked" })
  local changed = setmetatable(setmetatable({}, meta), { __index = function() return 2 end })
  return {
    stable_sort = stable,
    sorted = table.concat(numbers, ","),
    string_keys = keys,
    rep = string.rep("ab", 3, "-"),
    method = ("xy"):rep(2),
    plain_find = (("a.b"):find(".", 1, true)),
    gsub = (("a  b   c"):gsub("%s+", " ")),
    match = ("key=value"):match("(%w+)=(%w+)"),
    concat = table.concat({ 1, 2, 3 }, ","),
    move = #table.move({ 1, 2, 3 }, 1, 3, 2, {}),
    caught = type(caught) == "table" and caught[1] or -1,
    handled = handled,
    index = mt.anything,
    tabula_random = type(tabula.random),
    same_string = string == _G.string,
    tostring_table = tostring({}) .. " " .. tostring(print),
    tostring_custom = tostring(setmetatable({}, { __tostring = function() return "custom" end })),
    format_s = string.format("%s|%5s|%d%%", {}, "x", 7),
    next_first = next({ b = 1, a = 2, [3] = 0 }),
    next_order = next_keys({ b = 1, a = 2, [3] = 0, [true] = 1 }),
    meta_same = getmetatable(object) == meta,
    meta_late = object.x == nil,
    meta_protected = getmetatable(locked) == "locked" and not pcall(setmetatable, locked, {}),
    meta_replaced = changed.x == 2,
  }
end

return M
