-- The other lords on the Dungeon Lords screen, in brief: their counters,
-- the size of their dungeons, their monsters, traps, prisoners and party,
-- and this round's battlefield. What their view entries show of hands and
-- trap storage is a count: that is all the seat may know.
local S = require "std.screen"
local W = require "screen.words"
local L = {}

local function dungeon(view, seat)
  local squares = S.items(view, "dungeon", seat)
  local rooms, conquered = 0, 0
  for _, sq in ipairs(squares) do
    if S.prop(sq, "group") then rooms = rooms + 1 end
    if S.prop(sq, "conquered") then conquered = conquered + 1 end
  end
  local size = W.t("dungeon_squares", { n = #squares })
  if rooms > 0 then size = size .. ", " .. W.t("dungeon_rooms", { n = rooms }) end
  if conquered > 0 then size = size .. ", " .. W.t("dungeon_conquered", { n = conquered }) end
  return size
end

-- One flowing line per lord (two when it runs long): counters, dungeon,
-- monsters, traps, prisoners and party, a troll token count, a dead letter
-- count or an empty prison left out when it is nothing.
function L.lord(view, seat, add)
  local c = S.seat(view, seat).counters
  local parts = { W.t("gold", { n = c.gold }), W.t("food", { n = c.food }), W.t("imps", { n = c.imps }) }
  if c.trolls > 0 then parts[#parts + 1] = W.t("trolls", { n = c.trolls }) end
  parts[#parts + 1] = W.t("evil", { n = c.evil })
  if c.dead_letters > 0 then parts[#parts + 1] = W.t("dead_letters", { n = c.dead_letters }) end
  parts[#parts + 1] = dungeon(view, seat)
  parts[#parts + 1] = W.t("monsters_brief", { list = W.names(S.items(view, "den", seat), W.monster) })
  parts[#parts + 1] = W.t("traps_count", { n = S.zone(view, "traps", seat).count })
  local prisoners = S.zone(view, "prison", seat).count
  if prisoners > 0 then parts[#parts + 1] = W.t("prisoners", { n = prisoners }) end
  local party = S.items(view, "party", seat)
  if #party > 0 then parts[#parts + 1] = W.t("party_brief", { heroes = W.names(party, W.hero) }) end
  local field = S.items(view, "battlefield", seat)
  if #field > 0 then
    parts[#parts + 1] = W.t("battlefield_brief", { list = W.names(field, function(e)
      return e.face_up and e.name or W.t("face_down")
    end) })
  end
  parts[1] = W.seat(view, seat) .. ": " .. parts[1]
  for _, line in ipairs(S.flow(parts, " · ", 79, "    ")) do add(line) end
end

return L
