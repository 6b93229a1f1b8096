local T = tabula
local M = {}

function M.setup()
  T.create("helper", "table")
  T.create("helper", "table")
end

local function not_exported(ctx) end

local misuse = {
  schedule = function() T.collect("schedules") end,
  number = function() T.collect("number") end,
  local_fn = function()
    T.decide{ seat = 1, prompt = "pick", options = { { id = "x", on_choice = not_exported } }, on_choice = "chose" }
  end,
}

function M.ask()
  local how = T.option("misuse")
  if how then return misuse[how]() end
  local options = { { id = "own", on_choice = "own" } }
  for _, o in ipairs(T.collect("options", { from = "base" })) do options[#options + 1] = o end
  T.decide{ seat = 1, prompt = "pick", options = options, on_choice = "chose", args = { asked = true } }
end

function M.chose(ctx)
  T.set_var("chosen_by", "base:" .. ctx.choice)
  T.schedule(M.later, { n = 1 })
end

function M.own(ctx) T.set_var("chosen_by", "own:" .. ctx.choice) end

function M.later(ctx) T.set_var("later", ctx.args.n) end

M.extend = {
  options = function(ctx) return { "b_" .. ctx.args.from } end,
  schedules = function() T.schedule("later") end,
  number = function() return 5 end,
}

return M
