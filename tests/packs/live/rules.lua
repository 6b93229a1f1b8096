local T = tabula
local M = {}

-- Read at load: parameters are the pack's data.
local SIZE = T.param("size")

function M.setup()
  T.set_var("list", { 1, 2, 3 })
  T.set_var("dict", { a = 1, nested = { x = 1, items = { "p" } } })
  T.set_var("n", 0)
end

function M.never() return false end

function M.ask()
  T.decide { seat = 1, prompt = "what", options = { "write", "fail_after_write" }, on_choice = "act" }
end

function M.act(ctx)
  T.var("list")[1] = T.var("list")[1] + 10
  if ctx.choice == "fail_after_write" then error("after a write") end
end

local function err(f)
  local ok, e = pcall(f)
  return ok and "no error" or tostring(e)
end

-- Reads and assignments, as plain Lua would do them.
function M.write()
  local list, dict = T.var("list"), T.var("dict")
  list[2] = 20
  list[#list + 1] = 4                 -- append at #t + 1
  table.insert(list, 5)
  table.insert(list, 1, 0)            -- shifts every item up, one assignment at a time
  dict.a = dict.a + 1
  dict.nested.x = 7
  dict.nested.items[2] = "q"
  dict.added = "s"
  dict.gone = nil
  local copy = { "c" }
  dict.copied = copy
  copy[2] = "d"                       -- the variable holds its own copy
  return { list = #list, first = list[1], nested_x = dict.nested.x, size = SIZE }
end

function M.remove_and_sort()
  local list = T.var("list")
  local last = table.remove(list)
  table.sort(list, function(a, b) return a > b end)
  return { last = last, n = #list }
end

function M.iterate()
  local keys, sum = {}, 0
  for k in pairs(T.var("dict")) do keys[#keys + 1] = k end
  for _, v in ipairs(T.var("list")) do sum = sum + v end
  return { keys = keys, sum = sum, len = #T.var("list"), next_sees = next(T.var("list")) == nil }
end

function M.errors()
  local list, dict = T.var("list"), T.var("dict")
  return {
    hole = err(function() list[10] = 1 end),
    middle_nil = err(function() list[1] = nil end),
    string_in_list = err(function() list.x = 1 end),
    number_in_dict = err(function() dict[1] = 1 end),
    bad_value = err(function() dict.f = function() end end),
    rawset = err(function() rawset(list, 1, 5) end),
    frozen = err(function() T.param("pool")[1] = "z" end),
  }
end

function M.stale()
  local list = T.var("list")
  local nested = T.var("dict").nested
  T.var("dict").nested = { x = 2 }     -- the old nested table's place is taken
  local out = { nested = err(function() nested.x = 3 end), nested_read = nested.x }
  T.set_var("list", { 9 })             -- replaces the variable
  out.list = err(function() list[1] = 1 end)
  out.list_read = list[1]
  out.fresh = T.var("list")[1]
  return out
end

-- Replacing one variable leaves the live tables of the others live; pairs
-- sees a key added after it last ran.
function M.replace_other()
  local dict = T.var("dict")
  local before = {}
  for k in pairs(dict) do before[#before + 1] = k end
  T.set_var("list", { 9 })
  local out = { write = err(function() dict.after = 5 end), before = table.concat(before, ",") }
  local after = {}
  for k in pairs(dict) do after[#after + 1] = k end
  out.after = table.concat(after, ",")
  return out
end

function M.ctx_probe(ctx)
  T.set_var("ctx_error", err(function() ctx.extra = 1 end))
end

-- ctx.args: the same table on every read of one call, writable and
-- replaceable (scripts write into it), fresh for the next call.
function M.ctx_args_probe(ctx)
  local a = ctx.args
  a.n = a.n + 1
  local same = a == ctx.args
  ctx.args = { n = 0 }
  T.set_var("ctx_args", {
    n = a.n, same = same, replaced = ctx.args.n,
    rawset = err(function() rawset(ctx, "args", 1) end),
  })
end

function M.frozen_param()
  local pool = T.param("pool")
  return { first = pool[1], n = #pool }
end

return M
