local T = tabula
local M = {}

function M.turn()
  T.create("amulet", "table")
  T.create("ring", "table")
  T.set_var("trail", "turn")
  T.start("side")
  T.schedule("scheduled")
end

function M.scheduled() T.set_var("trail", T.var("trail") .. ",scheduled") end
function M.side() T.set_var("trail", T.var("trail") .. ",side") end

function M.after()
  T.set_var("trail", T.var("trail") .. ",after")
  -- amulet (id 0) then ring (id 1): ((1 + 2) * 2 + 10) * 2 = 32
  T.set_var("power", T.modify("power", 1, { double = true }))
  T.set_var("plain", T.modify("power", 1, {}))   -- 1 + 2 + 10
  T.decide { seat = 1, prompt = "end_q", options = { { id = "end" } }, on_choice = "stop" }
end

function M.stop() T.game_over({ power = T.var("power") }) end

return M
