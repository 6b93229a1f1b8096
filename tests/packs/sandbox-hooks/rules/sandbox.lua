local T = tabula
local M = {}

function M.setup()
  if T.option("loop_at_start") then
    while true do end
  end
  T.create("bomb", "table")
end

-- Hands control to the bomb: its `on.poke` asks the question.
function M.poke() T.emit("poke") end
-- The game runs until a test stops it (repeat = 0 needs an until).
function M.never() return false end

-- What the sandbox offers; called directly by sandbox_test.cpp.
function M.probe()
  local bytecode, bytecode_error = load("\27Lua\84\0\25\147\13\10\26\10")
  local text_chunk = load("return 6 * 7")
  local _, global_error = pcall(function() sneaky = 1 end)
  -- Ordinary errors are still caught as in plain Lua.
  local _, plain = pcall(error, "plain", 0)
  local _, handled = xpcall(function() error("x", 0) end, function(m) return "handled " .. m end)
  local _, resumed = coroutine.resume(coroutine.create(function() error("inner", 0) end))
  local co = coroutine.wrap(function()
    local ok, v = pcall(function() return coroutine.yield(1) + 1 end)
    return ok and v or -1
  end)
  co()
  local yielded = co(41)
  local values = select("#", pcall(function() return 1, 2, 3 end))
  return {
    io = type(io), os = type(os), debug = type(debug), package = type(package),
    dofile = type(dofile), loadfile = type(loadfile), collectgarbage = type(collectgarbage),
    dump = type(string.dump), random = type(math.random), randomseed = type(math.randomseed),
    bytecode_loaded = bytecode ~= nil, bytecode_error = tostring(bytecode_error),
    text_chunk = text_chunk and text_chunk() or -1,
    global_error = tostring(global_error),
    unprotect = (pcall(setmetatable, _G, nil)),
    rawset_global = (pcall(rawset, _G, "sneaky", 1)),
    sneaky = type(sneaky),
    require_escape = (pcall(require, "../rules/sandbox")),
    plain = plain, handled = handled, resumed = resumed, yielded = yielded, values = values,
  }
end

return M
