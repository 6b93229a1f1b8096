-- Each function of H is one hostile script; the comment on its line names
-- it, and tests/hostile_sandbox_test.cpp expects the error at that line.
local T = tabula
local M = {}
local H = {}

-- Existing globals, the libraries, `tabula` and the string metatable are frozen.
function H.set_pairs() pairs = next end -- set_pairs
function H.set_G_pairs() _G.pairs = next end -- set_G_pairs
function H.set_random() tabula.random = function() return 1 end end -- set_random
function H.set_T_random() T.random = nil end -- set_T_random
function H.set_rep() string.rep = nil end -- set_rep
function H.set_pi() math.pi = 3 end -- set_pi
function H.set_insert() table.insert = print end -- set_insert
function H.set_wrap() coroutine.wrap = print end -- set_wrap
function H.string_meta() getmetatable("").__index.rep = nil end -- string_meta
function H.rawset_string() rawset(string, "rep", nil) end -- rawset_string
function H.rawset_tabula() rawset(tabula, "random", nil) end -- rawset_tabula
function H.meta_string() setmetatable(string, nil) end -- meta_string
-- Errors without a place get the raising line.
function H.error_table() error({}) end -- error_table
function H.error_number() error(42) end -- error_number
function H.error_level0() error("no place", 0) end -- error_level0
-- Finalizers run with hooks off.
function H.gc_finalizer() setmetatable({}, { __gc = function() while true do end end }) end -- gc_finalizer
function H.gc_true() setmetatable({}, { __gc = true }) end -- gc_true
-- Unbounded work inside one library call.
function H.rep_empty() return string.rep("", 1e15) end -- rep_empty
function H.rep_huge() return string.rep("x", 1 << 40) end -- rep_huge
function H.rep_method() return ("ab"):rep(1e12) end -- rep_method
function H.rep_sep() return string.rep("", 1 << 28, "-") end -- rep_sep
function H.move_huge() return table.move({}, 1, 1e15, 1, {}) end -- move_huge
function H.move_negative() return table.move({}, -1e15, 1, 1, {}) end -- move_negative
function H.concat_huge() return table.concat(setmetatable({}, { __index = function() return "" end }), "", 1, 1e15) end -- concat_huge
function H.find_backtrack() return string.find(string.rep("a", 5000), string.rep("a-", 10) .. "b") end -- find_backtrack
function H.match_backtrack() return (("a"):rep(100000)):match(".-.-b") end -- match_backtrack
function H.gsub_backtrack() return string.gsub(("a"):rep(50000), "a*a*b", "") end -- gsub_backtrack
function H.gmatch_backtrack() for _ in ("a"):rep(50000):gmatch("a*a*b") do end end -- gmatch_backtrack
-- Limits that hooks alone do not hold.
function H.xpcall_handler() xpcall(function() while true do end end, function() while true do end end) end -- xpcall_handler
function H.coroutine_bomb() while true do coroutine.resume(coroutine.create(function() end)) end end -- coroutine_bomb
function H.wrap_bomb() while true do coroutine.wrap(function() return 1 end)() end end -- wrap_bomb
-- Copies the kernel keeps count against the memory cap too.
function H.log_copies() local s = string.rep("x", 1 << 20); for i = 1, 100 do T.log { "acting", choice = s } end end -- log_copies
function H.var_copies() local s = string.rep("x", 1 << 20); for i = 1, 100 do T.set_var("v" .. i, s) end end -- var_copies
function H.list_copies() local t = {}; for i = 1, 1000 do t[i] = i end; for i = 1, 1000 do T.set_var("t", t) end end -- list_copies
function H.alloc() local t, i = {}, 0; while true do i = i + 1; t[i] = string.rep("x", 64) .. i end end -- alloc

local names = {}
for name in pairs(H) do names[#names + 1] = { id = name } end

M.on = {
  poke = function()
    local options = { { id = "ok" } }
    for _, o in ipairs(names) do options[#options + 1] = o end
    T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = options }
  end,
}

function M.act(ctx)
  -- Change the state first, so that a rollback has something to undo.
  T.add(ctx.self, "mark", 1)
  T.set_var("last", ctx.choice)
  T.log { "acting", choice = ctx.choice }
  T.random(6)
  if ctx.choice ~= "ok" then H[ctx.choice]() end
end

return M
