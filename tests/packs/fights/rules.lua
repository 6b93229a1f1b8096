local T = tabula
local M = {}

-- Entity ids: the knight is 0, the troll 1, the rat 2 (creation order).
function M.setup()
  T.create("knight", "field", 1)
  T.create("troll", "field")
  T.create("rat", "field")
  T.set_var("log", {})
end

local function note(s)
  local log = T.var("log")
  log[#log + 1] = s
end

function M.done() return T.var("done") == true end

function M.act()
  T.decide { seat = 1, prompt = "what", options = { "trap", "troll", "rat", "orphan", "stop" }, on_choice = "chosen" }
end

function M.chosen(ctx)
  local c = ctx.choice
  if c == "trap" then
    local r = T.damage(0, 5, { source = "trap" })
    note("trap " .. r.dealt .. (r.knocked_out and " ko" or ""))
  elseif c == "troll" or c == "rat" then
    T.start("battle", { defenders = { c == "troll" and 1 or 2 }, attackers = { 0 }, power = 1 })
  elseif c == "orphan" then
    T.knock_out(T.create("knight", "field"))  -- no owner, no fight: nowhere to go
  else
    T.set_var("done", true)
  end
end

function M.strike(ctx)
  note("strike " .. #T.defenders() .. "/" .. #T.attackers() .. " " .. T.combat().stage)
  T.decide { seat = 1, prompt = "how", options = { "hit", "wait" }, on_choice = "struck", args = { power = ctx.args.power } }
end

function M.struck(ctx)
  if ctx.choice == "hit" then T.damage(T.defenders()[1], ctx.args.power) end
end

function M.strike_back()
  note("strike_back")
  local monster = T.defenders()[1]
  T.damage(T.attackers()[1], T.get(monster, "power"))
end

function M.after() note("after") end

M.on = {
  knocked_out = function(ctx)
    local zone, seat = T.where(ctx.args.target)
    note("ko " .. T.def(ctx.args.target) .. " " .. zone .. (seat and ("@" .. seat) or ""))
  end,
  defeated = function(ctx) note("defeated " .. ctx.args.side) end,
}

return M
