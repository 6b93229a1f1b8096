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

-- One flowing line per lord (two when it runs long): in a build round his
-- counters, in a combat his party, and his dungeon, monsters, traps and
-- prisoners; a troll token count, a dead letter count or an empty prison
-- left out when it is nothing.
function L.lord(view, seat, add, in_combat)
  local c = S.seat(view, seat).counters
  local parts = {}
  -- In a build round what a lord can pay for; in a combat his party.
  if not in_combat then
    parts = { W.t("gold", { n = c.gold }), W.t("food", { n = c.food }), W.t("imps", { n = c.imps }) }
    if c.trolls > 0 then parts[#parts + 1] = W.t("trolls", { n = c.trolls }) end
    parts[#parts + 1] = W.t("evil", { n = c.evil })
    if c.dead_letters > 0 then parts[#parts + 1] = W.t("dead_letters", { n = c.dead_letters }) end
  end
  parts[#parts + 1] = dungeon(view, seat)
  parts[#parts + 1] = W.t("monsters_brief", { list = W.names(S.items(view, "den", seat), W.monster) })
  parts[#parts + 1] = W.t("traps_count", { n = S.zone(view, "traps", seat).count })
  local prisoners = S.zone(view, "prison", seat).count
  if prisoners > 0 then parts[#parts + 1] = W.t("prisoners", { n = prisoners }) end
  -- The party hero by hero, so that a long one breaks between heroes.
  local heroes = {}
  for i, h in ipairs(in_combat and S.items(view, "party", seat) or {}) do heroes[i] = W.hero(h) end
  if #heroes > 0 then heroes[1] = W.t("party_brief", { heroes = heroes[1] }) end
  local field = S.items(view, "battlefield", seat)
  if #field > 0 then
    parts[#parts + 1] = W.t("battlefield_brief", { list = W.names(field, function(e)
      return e.face_up and e.name or W.t("face_down")
    end) })
  end
  parts[1] = W.seat(view, seat) .. ": " .. parts[1]
  -- Parts end with their separator: " ·" between parts, "," between heroes.
  for i = 1, #parts - 1 do parts[i] = parts[i] .. " ·" end
  if #heroes > 0 then
    parts[#parts] = parts[#parts] .. " ·"
    for i, h in ipairs(heroes) do parts[#parts + 1] = h .. (i < #heroes and "," or "") end
  end
  for _, line in ipairs(S.flow(parts, " ", 79, "    ")) do add(line) end
end

return L
