local T = tabula
local M = {}

function M.setup()
  for _, def in ipairs({ "ace", "king", "queen", "jack", "ace", "king", "queen", "jack" }) do T.create(def, "deck") end
  T.shuffle("deck")
  for _ = 1, 2 do
    local id = T.zone("deck")[1]
    T.move(id, "table")
    T.turn(id, false)
  end
  -- Leak 4: a public variable holding the ids of the face-down cards (an id
  -- names the same card in every game).
  if T.param("leak") == 4 then T.set_var("on_table", T.zone("table")) end
end

function M.turn(ctx)
  local seat = T.current_seat()
  local options = { { id = "draw", label = "leaky.draw" } }
  for i, id in ipairs(T.zone("table")) do
    -- Leak 2: a blind pick whose labels name the face-down cards.
    local label = T.param("leak") == 2 and { "leaky.card", card = id } or { "leaky.blind", n = i }
    -- Leak 5: option ids that are the face-down cards' ids.
    options[#options + 1] = { id = T.param("leak") == 5 and "card" .. id or "table" .. i, label = label }
  end
  T.decide { seat = seat, prompt = "leaky.turn", options = options, on_choice = "chosen", args = { seat = seat } }
end

function M.chosen(ctx)
  local seat = ctx.args.seat
  if ctx.choice == "draw" then
    local deck = T.zone("deck")
    if #deck == 0 then return end
    local id = deck[1]
    T.move(id, "hand", seat)
    local leak = T.param("leak")
    if leak == 1 then
      T.log { "leaky.drew", seat = seat, card = id }          -- names a hidden card to every seat
    elseif leak == 3 then
      T.log { "leaky.drew_what", seat = seat, what = T.def(id) } -- the same, as a plain string
    else
      T.log { "leaky.drew_one", seat = seat }
    end
  else
    local id = T.param("leak") == 5 and tonumber(ctx.choice:sub(5)) or T.zone("table")[tonumber(ctx.choice:sub(6))]
    T.move(id, "hand", seat)
    T.log { "leaky.picked", seat = seat }
  end
end

function M.score()
  local best, winner = -1, {}
  for seat = 1, 2 do
    local sum = 0
    for _, id in ipairs(T.zone("hand", seat)) do sum = sum + T.get(id, "rank") end
    if sum > best then best, winner = sum, { seat } elseif sum == best then winner[#winner + 1] = seat end
  end
  T.game_over({ winners = winner }, { "leaky.wins", seat = winner[1] })
end

return M
