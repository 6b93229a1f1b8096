local T = tabula
local M = {}

-- Runs a chunk of Lua given as text and returns what it returns.
function M.run(ctx)
  T.set_var("heard", {})
  return assert(load(ctx.args))()
end

-- A question that never ends the game: "ping" emits the event ping.
function M.turn(ctx)
  T.decide { seat = 1, prompt = "what", options = { "ping", "wait" }, on_choice = "chosen" }
end

function M.chosen(ctx)
  if ctx.choice == "ping" then
    T.set_var("heard", {})
    T.emit("ping")
  end
  T.schedule("turn")
end

M.modify = {
  attack = function(ctx)
    local h = T.var("heard")
    h[#h + 1] = "rules"
    return ctx.args.amount
  end,
}

return M
