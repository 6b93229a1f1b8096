-- Each keep_* function keeps something between calls in its own way;
-- scratch and tidy use module state but leave it as they found it.
local T = tabula
local counter = require("lib.counter")
local M = {}

local count = 0
local cache = {}
local deep = { a = { b = { c = {} } } }
local saved
local scratch = {}
local gen = coroutine.wrap(function()
  local n = 0
  while true do
    n = n + 1
    coroutine.yield(n)
  end
end)

function M.keep_upvalue() count = count + 1 end
function M.keep_cache() cache[#cache + 1] = T.random(6) end
function M.keep_deep() deep.a.b.c.x = 1 end
function M.keep_closure() saved = function() return 1 end end
function M.keep_generator() gen() end
function M.keep_field() M.calls = 1 end
function M.keep_metatable() setmetatable(M, { __index = {} }) end
function M.keep_in_helper() counter.bump() end
function M.keep_lazy_module() require("lib.late") end
function M.scratch()
  for i = 1, 10 do scratch[i] = i end
  for i = 1, 10 do scratch[i] = nil end
end
function M.tidy() count = count + 1; count = count - 1 end

local options = { { id = "end" }, { id = "scratch" }, { id = "tidy" } }
for _, name in ipairs { "upvalue", "cache", "deep", "closure", "generator", "field", "metatable", "in_helper", "lazy_module" } do
  options[#options + 1] = { id = "keep_" .. name }
end

M.on = {
  poke = function() T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = options } end,
}

function M.act(ctx)
  if ctx.choice == "end" then return T.set_var("done", true) end
  M[ctx.choice]()
end

return M
