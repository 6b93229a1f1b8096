-- Each option of the caller's question makes a different script error
-- (error_location_test.cpp names these line numbers: keep them).
local T = tabula
local hurt = require "lib.hurt"
local pile = require "std.pile"
local M = {}

M.on = {
  poke = function()
    T.decide {
      seat = 1, prompt = "what_now", on_choice = "act",
      options = { "helper", "std", "direct", "deep", "deeper", "table", "level0", "modifier", "later", "ok" },
    }
  end,
}

local function dive(n)
  if n == 0 then error("reached the bottom") end
  return 1 + dive(n - 1)
end

function M.act(ctx)
  local c = ctx.choice
  T.add(ctx.self, "hp", 1)  -- something for a rollback to undo
  if c == "helper" then
    hurt.hurt(ctx.self, "lots")
  elseif c == "std" then
    pile.put_top("nobody", "table")
  elseif c == "direct" then
    error("the caller gives up")
  elseif c == "deep" then
    dive(30)
  elseif c == "deeper" then
    hurt.spiral(1000)
  elseif c == "table" then
    error({})
  elseif c == "level0" then
    hurt.refuse()
  elseif c == "modifier" then
    hurt.boost(2)
  elseif c == "later" then
    T.schedule("later")
  end
end

function M.later() hurt.hurt(T.var("nobody"), 1) end

return M
