-- The end of a Thunderstone game on the screen (§5.10): the final scores
-- (the result: { winners, scores }) as a table, highest first, with what
-- each player owns at the end — the rules gather every player's cards into
-- his play zone to score them (rules/score.lua), so they are public now —
-- the winners marked, and the monsters each player won.
local S = require "std.screen"
local W = require "screen.words"
local F = {}

local NAME, NUM = 28, 10

local function owned(view, seat)
  local monsters, stones = 0, {}
  for _, e in ipairs(S.items(view, "play", seat)) do
    if W.is_monster(e) then monsters = monsters + 1 end
    if W.prop(e, "type") == "thunderstone" then stones[#stones + 1] = e.name end
  end
  return monsters, stones
end

function F.draw(view, add)
  local result = view.result or {}
  local scores = result.scores or view.vars.final_scores or {}
  if #scores == 0 then return end
  local winner = {}
  for _, w in ipairs(result.winners or {}) do winner[w] = true end
  local order = {}
  for seat = 1, #scores do order[seat] = seat end
  table.sort(order, function(a, b)
    if scores[a] ~= scores[b] then return scores[a] > scores[b] end
    if (winner[a] or false) ~= (winner[b] or false) then return winner[a] == true end
    return a < b
  end)
  add(S.pad(W.t("final_scores"), NAME) .. S.pad(W.t("col_vp"), NUM, true) .. S.pad(W.t("col_monsters"), NUM + 2, true)
      .. S.pad(W.t("col_xp"), NUM, true) .. "   " .. W.t("col_thunderstone"))
  for place, seat in ipairs(order) do
    local monsters, stones = owned(view, seat)
    local name = place .. ". " .. W.seat(view, seat) .. (winner[seat] and " " .. W.t("winner_mark") or "")
    local xp = (S.seat(view, seat).counters or {}).xp or 0
    add(S.pad("  " .. name, NAME) .. S.pad(tostring(scores[seat]), NUM, true) .. S.pad(tostring(monsters), NUM + 2, true)
        .. S.pad(tostring(xp), NUM, true) .. "   " .. S.join(stones, nil, ", ", "—"))
  end
  -- What each won: the monsters he owns at the end.
  add("")
  for _, seat in ipairs(order) do
    local won = {}
    for _, g in ipairs(W.groups(view, "play", seat)) do
      if W.is_monster(g) then won[#won + 1] = g end
    end
    local parts = W.name_parts(won)
    parts[1] = W.t("monsters_owned", { who = W.seat(view, seat), list = parts[1] })
    for _, l in ipairs(S.flow(parts, " ", W.WIDTH - 2, "    ")) do add("  " .. l) end
  end
end

return F
