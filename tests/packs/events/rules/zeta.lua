local T = tabula
local M = {}

local function note(key, item)
  local list = T.var(key) or {}
  list[#list + 1] = item
  T.set_var(key, list)
end

-- Entity ids follow creation order: watchers 0, 1, (2 removed), 3; guard 4, grunt 5.
function M.setup()
  T.create("watcher_b", "reserve", 1)
  T.create("watcher_a", "reserve", 1)
  T.remove(T.create("watcher_a", "reserve", 1)) -- out of play: hears nothing
  T.create("watcher_b", "reserve", 1)
  T.create("guard", "line", 1)
  T.create("grunt", "line", 1)
end

-- Stage 1: prevention and healing.
function M.first(ctx)
  local guard = T.defenders()[1]
  T.set_var("first_damage", T.damage(guard, 3, { source = "first" }))
  T.set_var("after_damage", T.get(guard, "damage"))
  T.set_var("healed", T.heal(guard, 5))
  T.set_var("after_heal", T.get(guard, "damage"))
  T.set_var("heal_undamaged", T.heal(guard, 2))
end

-- Stage 2: knock the grunt out, then schedule the killing blow and more work.
function M.second(ctx)
  local grunt = T.defenders()[2]
  T.set_var("grunt_knocked_out", T.damage(grunt, 3).knocked_out)
  T.schedule("strike")
  T.schedule("after_defeat") -- on the agenda when the side is defeated: dropped
end

function M.strike(ctx)
  local guard = T.defenders()[1]
  T.schedule("after_defeat") -- made before the defeat, in the same hook: dropped
  T.decide { seat = 1, prompt = "never", options = { { id = "x" } }, on_choice = "after_defeat" }
  T.set_var("strike", T.damage(guard, 10))
  T.schedule("after_defeat") -- made after the defeat: dropped
end

function M.after_defeat() T.set_var("ran_after_defeat", true) end

-- Stage 3: never runs, the side is already defeated.
function M.third() T.set_var("third_ran", true) end

function M.wrap() note("fight", "wrap") end

M.on = {
  ping = function(ctx) note("heard", "zeta") end,
  knocked_out = function(ctx) note("fight", "knocked_out " .. T.def(ctx.args.target)) end,
  defeated = function(ctx)
    local c = T.combat()
    note("fight", "defeated seat " .. ctx.args.seat .. ((c and c.defeated) and " (fight over)" or ""))
  end,
}

-- Healing is boosted, but never below 0 damage.
M.modify = {
  heal = function(ctx) return ctx.args.amount + 10 end,
}

return M
