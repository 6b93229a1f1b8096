-- The screen of the screen test pack: a seat's hand, plan, the others'
-- counts and the table, from the seat's view alone.
local T = tabula
local S = require "std.screen"
local M = {}

local function name(e) return e.name end

function M.draw(view)
  local lines = {}
  local function add(line) lines[#lines + 1] = line end
  if view.over then
    add(T.text { "screen.over", seats = S.join(view.result.winners) })
    return lines
  end
  add(S.fit(T.text { "screen.round", n = view.vars.round }, T.param("title_width")) .. "|")
  local me = view.seat
  if me then
    local hand = S.items(view, "hand", me)
    add(T.text { "screen.hand", cards = S.join(hand, name) })
    local plan = S.seat(view, me).secret.plan
    for _, card in ipairs(hand) do
      if card.id == plan then add(T.text { "screen.plan", card = card.name }) end
    end
  end
  for _, seat in ipairs(view.seats) do
    if seat.seat ~= me then
      add(T.text { "screen.others", seat = seat.seat, n = S.zone(view, "hand", seat.seat).count, coins = seat.counters.coins })
    end
  end
  add(T.text { "screen.table", cards = S.join(S.items(view, "table"), function(e)
    return e.name .. " (" .. S.prop(e, "rank") .. (S.prop(e, "marked") and ", marked" or "") .. ")"
  end, ", ", T.text("screen.nothing")) })
  add(T.text { "screen.deck", n = S.zone(view, "deck").count })
  return lines
end

return M
