local T = tabula
local M = {}

function M.deal()
  T.create("alpha_rune", "hand", 1)
  T.create("alpha_blade", "hand", 1)
  T.create("omega_rune", "hand", 2)
  T.create("omega_blade", "hand", 2)
  T.create("stone", "deck")
  T.create("gem", "deck")
end

function M.plans()
  for seat = 1, T.seats() do
    T.decide {
      seat = seat, secret = true, prompt = "plan", on_choice = "planned", args = { seat = seat },
      options = { { id = "bold", label = "plan_bold" }, { id = "calm", label = "plan_calm" } },
    }
  end
end

function M.planned(ctx) T.set_secret(ctx.args.seat, "plan", ctx.choice) end

function M.turn(ctx)
  T.set_var("steps", 0)
  M.ask(ctx.seat)
end

-- Three steps a turn at most, then only ending it (or conceding) is left.
function M.ask(seat)
  local options = {}
  if T.var("steps") < 3 then
    options = { { id = "mark", label = "mark" }, { id = "peek", label = "peek" }, { id = "roll", label = "roll" } }
  end
  options[#options + 1] = { id = "done", label = "done" }
  options[#options + 1] = { id = "concede", label = "concede" }
  T.decide { seat = seat, prompt = { "step", marks = T.counter(seat, "marks") }, on_choice = "stepped", args = { seat = seat }, options = options }
end

function M.stepped(ctx)
  local seat, c = ctx.args.seat, ctx.choice
  if c == "done" then return end
  if c == "concede" then
    T.game_over({ winners = { 3 - seat } })
    return
  end
  T.set_var("steps", T.var("steps") + 1)
  if c == "mark" then
    T.add_counter(seat, "marks", 1)
    T.log { "marked", seat = seat }
  elseif c == "peek" then
    local top = T.zone("deck")[1]
    T.reveal(top, seat)
  elseif c == "roll" then
    local n = T.random(6)
    T.log { "rolled", seat = seat, n = n }
    if n > 3 then T.add_counter(seat, "marks", 1) end
  end
  M.ask(seat)
end

function M.finish()
  local a, b = T.counter(1, "marks"), T.counter(2, "marks")
  T.game_over({ winners = a > b and { 1 } or b > a and { 2 } or {}, scores = { a, b } })
end

function M.score(ctx) return T.counter(ctx.args.seat, "marks") end

return M
