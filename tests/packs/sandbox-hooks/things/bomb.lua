local T = tabula
local M = {}

M.on = {
  poke = function(ctx)
    T.decide {
      seat = 1, prompt = "what_now", on_choice = "act",
      options = { { id = "ok" }, { id = "loop" }, { id = "alloc" }, { id = "fail" }, { id = "global" },
        { id = "pcall_loop" }, { id = "resume_loop" }, { id = "coroutine_loop" }, { id = "wrap_loop" }, { id = "pcall_alloc" } },
    }
  end,
}

function M.act(ctx)
  -- Change the state first, so that a rollback has something to undo.
  T.add(ctx.self, "mark", 1)
  T.set_var("last", ctx.choice)
  T.log { "acting", choice = ctx.choice }
  T.random(6)
  if ctx.choice == "loop" then
    while true do end
  elseif ctx.choice == "alloc" then
    local t, i = {}, 0
    while true do i = i + 1; t[i] = string.rep("x", 64) .. i end
  elseif ctx.choice == "fail" then
    local missing = nil
    return missing.field -- line 27: a runtime error
  elseif ctx.choice == "global" then
    leaked = ctx.choice
  elseif ctx.choice == "pcall_loop" then
    -- Catching the budget error must not buy more time.
    while true do pcall(function() while true do end end) end
  elseif ctx.choice == "resume_loop" then
    while true do coroutine.resume(coroutine.create(function() while true do end end)) end
  elseif ctx.choice == "coroutine_loop" then
    coroutine.wrap(function() while true do end end)()
  elseif ctx.choice == "wrap_loop" then
    while true do pcall(coroutine.wrap(function() while true do end end)) end
  elseif ctx.choice == "pcall_alloc" then
    -- Nor may catching the memory error.
    local keep = {}
    while true do
      pcall(function()
        local t, i = {}, 0
        while true do i = i + 1; t[i] = string.rep("y", 64) .. i end
      end)
      keep[#keep + 1] = string.rep("z", 1000) .. #keep
    end
  end
end

return M
