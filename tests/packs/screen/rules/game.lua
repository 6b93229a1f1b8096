-- Deals a hand to each seat and a hidden deck; every seat plans a card in
-- secret (kept in its secret "plan"); then one seat plays on and the game
-- ends. Variables: "round" (shown), "tally" and "scratch@<seat>" (the
-- scripts' bookkeeping, marked internal).
local T = tabula
local M = {}

local HANDS = { { "ace", "king" }, { "queen", "knave" }, { "king", "knave" } }

function M.deal()
  for seat = 1, T.seats() do
    for _, def in ipairs(HANDS[seat]) do T.create(def, "hand", seat) end
    T.set_var("scratch@" .. seat, { seat = seat })
  end
  for _, def in ipairs({ "ace", "queen", "knave" }) do T.create(def, "deck") end
  T.set(T.create("king", "table"), "marked", true)
  T.set_var("round", 1)
  T.set_var("tally", { 0, 0 })
end

function M.plan()
  for seat = 1, T.seats() do
    local opts = {}
    for _, card in ipairs(T.zone("hand", seat)) do
      opts[#opts + 1] = { id = "card" .. card, entity = card, label = { "card", card = card } }
    end
    T.decide { seat = seat, secret = true, prompt = "plan", options = opts, on_choice = "planned", args = { seat = seat } }
  end
end

function M.planned(ctx) T.set_secret(ctx.args.seat, "plan", tonumber(ctx.choice:sub(5))) end

function M.play()
  T.decide { seat = 1, prompt = "play", options = { { id = "yes", label = "yes" } }, on_choice = "done" }
end

function M.done()
  T.log { "played", seat = 1 }
  T.game_over({ winners = { 1 }, scores = { 3, 1 } })
end

return M
