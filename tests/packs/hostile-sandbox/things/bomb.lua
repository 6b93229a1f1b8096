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
function H.find_plain_huge() local s = ("a"):rep(1 << 20) return s:find(("a"):rep((1 << 19) - 1) .. "b", 1, true) end -- find_plain_huge
function H.match_literal_huge() local s = ("a"):rep(1 << 20) return s:match(("a"):rep((1 << 19) - 1) .. "b") end -- match_literal_huge
function H.balance_backtrack() return ("("):rep(50000):find("%b()%b()x") end -- balance_backtrack
function H.optional_backtrack() return ("a"):rep(3000):find(("a?"):rep(40) .. "b") end -- optional_backtrack
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

-- The classic escapes: no bytecode, no io/os/debug/package, no file access.
function H.load_bytecode() assert(load("\27Lua\84\0")) end -- load_bytecode
function H.load_reader() return load(function() return "\27Lua" end) end -- load_reader
function H.string_dump() return string.dump(print) end -- string_dump
function H.io_open() return io.open("/etc/passwd") end -- io_open
function H.os_execute() return os.execute("true") end -- os_execute
function H.debug_getinfo() return debug.getinfo(1) end -- debug_getinfo
function H.package_loadlib() return package.loadlib("libc.so.6", "system") end -- package_loadlib
function H.dofile() return dofile("/etc/passwd") end -- dofile
function H.loadfile() return loadfile("/etc/passwd") end -- loadfile
function H.collectgarbage() return collectgarbage("count") end -- collectgarbage
function H.setfenv() return setfenv(1, {}) end -- setfenv
function H.require_dotdot() return require("..etc.passwd") end -- require_dotdot
function H.require_slash() return require("/etc/passwd") end -- require_slash
function H.require_os() return require("os") end -- require_os
function H.math_random() return math.random(6) end -- math_random
-- _ENV tricks and metatables on shared tables.
function H.env_new_global() _ENV.stash = 1 end -- env_new_global
function H.env_existing() _ENV.tostring = nil end -- env_existing
function H.G_metatable() getmetatable(_G).__newindex = nil end -- G_metatable
function H.tabula_metatable() getmetatable(tabula).__index.random = nil end -- tabula_metatable
function H.setmeta_tabula() setmetatable(tabula, {}) end -- setmeta_tabula
function H.setmeta_G() setmetatable(_G, nil) end -- setmeta_G
function H.set_require() require = function() end end -- set_require
function H.ctx_write(ctx) ctx.stash = {} end -- ctx_write
function H.ctx_rawset(ctx) rawset(ctx, "stash", {}) end -- ctx_rawset
-- load() neither swallows the memory cap nor compiles for ever.
function H.load_memory() load("return {" .. string.rep("1,", 1e6) .. "}") end -- load_memory
function H.load_labels() local p = {} for i = 1, 5000 do p[i] = "::l" .. i .. ":: goto l" .. i end load(table.concat(p, " ")) end -- load_labels
-- An entity id past 32 bits names no entity (cut to 32 bits, it was the bomb).
function H.wide_id(ctx) T.log { "named", card = ctx.self + (1 << 32) } end -- wide_id
-- Shifts inside one call, over a length a __len makes up.
function H.insert_huge() table.insert(setmetatable({}, { __len = function() return 1 << 62 end }), 1, 0) end -- insert_huge
function H.remove_huge() table.remove(setmetatable({}, { __len = function() return 1 << 62 end }), 1) end -- remove_huge
-- Keys that differ only after a NUL byte stay two keys.
function H.nul_keys() T.set_var("nul", { ["a\0x"] = 1, ["a\0y"] = 2 }) end -- nul_keys
function H.nul_live_keys() T.set_var("nul", { b = 0 }); local t = T.var("nul"); t["a\0x"] = 1; t["a\0y"] = 2 end -- nul_live_keys
-- pairs() over a frozen table hands out no real table, so nothing reaches
-- the next call or the next game.
function H.pairs_G() local _, real = pairs(_G); real.stash = 1 end -- pairs_G
function H.pairs_tabula() local _, real = pairs(tabula); real.random = nil end -- pairs_tabula
function H.pairs_string() local _, real = pairs(string); rawset(real, "upper", nil) end -- pairs_string
function H.next_G() local _, real = pairs(_G); rawset(real, next(real) or "x", 1) end -- next_G
function H.pairs_param() local _, real = pairs(T.param("deck")); real[1] = "dud" end -- pairs_param
function H.pairs_nested() local _, real = pairs(T.param("nested").inner); rawset(real, 1, 9) end -- pairs_nested
-- Deep recursion and stack bombs.
function H.deep_recursion() local function f() return 1 + f() end return f() end -- deep_recursion
function H.pcall_recursion() local function f() pcall(f) end f(); error("survived") end -- pcall_recursion
function H.index_loop() return setmetatable({}, { __index = function(t, k) return t[k] end }).x end -- index_loop
function H.wrap_nesting() local function f() return coroutine.wrap(f)() end return f() end -- wrap_nesting
function H.unpack_huge() return table.unpack({}, 1, 1e8) end -- unpack_huge
-- Huge strings and many objects end at the memory cap.
function H.doubling() local s = "x"; for i = 1, 40 do s = s .. s end return s end -- doubling
function H.many_coroutines() local t = {}; for i = 1, 1e7 do t[i] = coroutine.create(print) end end -- many_coroutines
function H.format_width() return string.format("%0999d", 1) end -- format_width
-- Values the kernel cannot keep.
function H.deep_value() local t = {}; for i = 1, 1000 do t = { t } end T.set_var("deep", t) end -- deep_value
function H.cyclic_value() local t = {}; t[1] = t; T.set_var("cycle", t) end -- cyclic_value
function H.float_value() T.set_var("half", 0.5) end -- float_value
function H.add_overflow(ctx) T.add(ctx.self, "mark", math.maxinteger) end -- add_overflow
function H.random_zero() return T.random(0) end -- random_zero
function H.create_unknown() return T.create("no_such_thing", "table") end -- create_unknown
function H.error_tostring() error(setmetatable({}, { __tostring = function() while true do end end })) end -- error_tostring
-- Addresses and collector timing cannot reach the game.
function H.format_p() return string.format("%p", {}) end -- format_p
function H.pairs_table_keys() for _ in pairs({ [{}] = 1 }) do end end -- pairs_table_keys
function H.next_function_keys() return next({ [print] = 1 }) end -- next_function_keys
function H.weak_table() return setmetatable({}, { __mode = "k" }) end -- weak_table
-- Runaway scripts inside library calls that call back into Lua.
function H.gsub_callback() return ("aaaa"):gsub("a", function() while true do end end) end -- gsub_callback
function H.sort_comparator() table.sort({ 3, 2, 1 }, function() while true do end end) end -- sort_comparator
function H.loaded_loop() load("while true do end")() end -- loaded_loop
function H.tostring_loop() return string.format("%s", setmetatable({}, { __tostring = function() while true do end end })) end -- tostring_loop
-- Strings the kernel keeps are UTF-8 text: states, views and logs are JSON,
-- which holds nothing else. Control characters are text, and pass.
function H.option_id_bytes() T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = { "ok\xff" } } end -- option_id_bytes
function H.option_table_bytes() T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = { { id = "\xc0\xaf" } } } end -- option_table_bytes
function H.var_value_bytes() T.set_var("v", "caf\xe9") end -- var_value_bytes
function H.var_key_bytes() T.set_var("v", { ["\xc0\xaf"] = 1 }) end -- var_key_bytes
function H.var_name_bytes() T.set_var("\xff", 1) end -- var_name_bytes
function H.counter_name_bytes() T.add_counter(1, "\xfe", 1) end -- counter_name_bytes
function H.secret_bytes() T.set_secret(1, "s", { "\xed\xa0\x80" }) end -- secret_bytes
function H.log_arg_bytes() T.log { "acting", choice = "\x9b" } end -- log_arg_bytes
function H.log_key_bytes() T.log { "acting", choice = 1, ["\xff"] = 1 } end -- log_key_bytes
function H.live_key_bytes() T.set_var("t", { a = 1 }); T.var("t")["\xff"] = 2 end -- live_key_bytes
function H.result_bytes() T.game_over({ winners = { 1 }, note = "\xf4\x90\x80\x80" }) end -- result_bytes
function H.long_bytes() T.set_var("v", string.rep("a", 100) .. "\xff" .. string.rep("b", 100)) end -- long_bytes
function H.error_bytes() error("bad \xff\x9b") end -- error_bytes
function H.control_text() T.set_var("ctl", "\27[2J\xc2\x9b\xe2\x82\xac") end -- control_text
-- What the kernel keeps or copies on a script's behalf counts against the
-- memory cap with Lua's heap (docs/lua-api.md, "Sandbox and limits").
function H.create_loop() for _ = 1, 1e9 do T.create("pebble", "table") end end -- create_loop
function H.var_names() local v = string.rep("v", 1000); for i = 1, 1e9 do T.set_var(v .. i, i) end end -- var_names
function H.counter_names() local c = string.rep("c", 1000); for i = 1, 1e9 do T.add_counter(1, c .. i, 1) end end -- counter_names
function H.secret_names() local s = string.rep("s", 1000); for i = 1, 1e9 do T.set_secret(1, s .. i, i) end end -- secret_names
function H.live_names() T.set_var("live", { a = 1 }); local v, k = T.var("live"), string.rep("k", 1000); for i = 1, 1e9 do v[k .. i] = i end end -- live_names
function H.prop_strings() local s = string.rep("p", 1 << 16); for i = 1, 1e9 do T.set(T.create("pebble", "table"), "note", s .. i) end end -- prop_strings
function H.option_ids() local id, opts = string.rep("o", 1 << 20), {}; for i = 1, 64 do opts[i] = { id = id } end T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = opts } end -- option_ids
function H.option_labels() local label, opts = { "acting" }, {}; for i = 1, 4000 do label["k" .. i] = i end; for i = 1, 500 do opts[i] = { id = i, label = label } end T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = opts } end -- option_labels
function H.many_options() local opts = {}; for i = 1, 1e5 do opts[i] = i end T.decide { seat = 1, prompt = "what_now", on_choice = "act", options = opts } end -- many_options
function H.start_loop() for _ = 1, 1e9 do T.start("game") end end -- start_loop
function H.log_loop() local s = string.rep("l", 1000); for i = 1, 1e9 do T.log { "acting", choice = s .. i } end end -- log_loop
function H.schedule_loop() for i = 1, 1e9 do T.schedule("act", { n = i }) end end -- schedule_loop
function H.text_shared() local t = { "x" }; for _ = 1, 12 do t = { t, t } end T.log { "acting", choice = t } end -- text_shared
function H.text_cycle() local t = {}; t[1] = t; T.log { "acting", choice = t } end -- text_cycle
function H.print_copies() local s = string.rep("\1", 1 << 20); for _ = 1, 100 do print(s) end end -- print_copies
-- What a state keeps stays counted from choice to choice (each keeps 512
-- KiB more, in a variable of its own), and goes with the state.
function H.keep_big(ctx) T.set_var("kept" .. T.get(ctx.self, "mark"), string.rep("k", 1 << 19)) end -- keep_big
-- 50 MB of strings, dropped when the hook returns: garbage for the next game.
function H.garbage() local t = {}; for i = 1, 50 do t[i] = string.rep("g", 1 << 20) .. i end end -- garbage
function H.keep_16() local s = string.rep("m", 1 << 20); for i = 1, 16 do T.set_var("m" .. i, s) end end -- keep_16
function H.finish() T.game_over { winners = { 1 } } end -- finish

-- A metatable's fields added after setmetatable do not reach the table:
-- no weak table, no finalizer, whatever the collector does meanwhile.
function H.mode_after() local mt = {}; local t = setmetatable({}, mt); mt.__mode = "v"; t[1] = {}; for i = 1, 2e5 do local _ = { i } end if t[1] == nil then error("the collector emptied a table") end T.set_var("strong", true) end -- mode_after
function H.gc_after() local mt = {}; setmetatable({}, mt); mt.__gc = function() T.set_var("finalized", true) end; for i = 1, 2e5 do local _ = { i } end end -- gc_after
-- coroutine.close runs a coroutine's pending __close handlers inside it.
function H.close_loop() local co = coroutine.create(function() local _ <close> = setmetatable({}, { __close = function() while true do end end }); coroutine.yield() end); coroutine.resume(co); coroutine.close(co) end -- close_loop
-- A coroutine a limit stopped inside a hook has hooks off: kept (against the
-- rules) for a later choice, its __close handlers could never be stopped.
local stopped
function H.stop_coroutine() stopped = coroutine.create(function() local _ <close> = setmetatable({}, { __close = function() while true do end end }); while true do end end); coroutine.resume(stopped) end -- stop_coroutine
function H.close_stopped() coroutine.close(stopped) end -- close_stopped

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
  if ctx.choice ~= "ok" then H[ctx.choice](ctx) end
end

return M
