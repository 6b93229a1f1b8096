-- The end of a Dungeon Lords game on the screen: the result of the final
-- scoring (rules/scoring.lua: { winners, scores, seats = { {rooms, ...,
-- titles, total} } }) as a table, a row per line of the score and a column
-- per lord; a practice fight's result ({ seats = { {conquered, prisoners} } })
-- the same way.
local S = require "std.screen"
local W = require "screen.words"
local F = {}

-- The lines of the score in the rulebook's order (§4.8); a result shows
-- those it has.
local ROWS = { "rooms", "monsters", "prisoners", "conquered", "dead_letters", "prestige", "titles", "fame", "total" }
local LABEL, COLUMN = 22, 10

function F.draw(view, add)
  local result = view.result or {}
  local seats = result.seats or {}
  if #seats == 0 then return end
  local winners = {}
  for _, w in ipairs(result.winners or {}) do winners[w] = true end
  local head = S.pad(W.t("final_scores"), LABEL)
  for seat = 1, #seats do
    local name = W.t("seat", { n = seat })
    head = head .. S.pad(name, COLUMN, true)
  end
  add(head)
  for _, row in ipairs(ROWS) do
    if seats[1][row] ~= nil then
      if row == "total" then add(string.rep("-", LABEL + COLUMN * #seats)) end
      local line = S.pad(W.t("row_" .. row), LABEL)
      for seat = 1, #seats do line = line .. S.pad(tostring(seats[seat][row]), COLUMN, true) end
      add(line)
    end
  end
  if next(winners) then
    local names = {}
    for _, w in ipairs(result.winners) do names[#names + 1] = W.t("seat", { n = w }) end
    add(W.t(#names == 1 and "winner" or "winners", { seats = table.concat(names, ", ") }))
  end
end

return F
