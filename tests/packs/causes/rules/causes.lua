local T = tabula
local M = {}

function M.deal()
  T.create("snare", "hand", 1)
  T.create("banner", "table")
  T.log { "dealt" }
end

function M.act()
  T.decide {
    seat = 1, prompt = "act", on_choice = "acted",
    options = { { id = "spring", label = "spring" }, { id = "wave", label = "wave" }, { id = "pass", label = "pass" } },
  }
end

function M.acted(ctx)
  if ctx.choice == "spring" then T.call(T.zone("hand", 1)[1], "spring")
  elseif ctx.choice == "wave" then T.call(T.zone("table")[1], "wave") end
end

function M.finish() T.game_over({ winners = { 1 } }) end

return M
