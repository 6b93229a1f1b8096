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
  return W.t("dungeon_size", { n = #squares, rooms = rooms, conquered = conquered })
end

function L.lord(view, seat, add)
  local c = S.seat(view, seat).counters
  add(W.seat(view, seat) .. ": " .. table.concat({
    W.t("gold", { n = c.gold }), W.t("food", { n = c.food }), W.t("imps", { n = c.imps }),
    W.t("trolls", { n = c.trolls }), W.t("evil", { n = c.evil }), W.t("dead_letters", { n = c.dead_letters }) }, " · "))
  local brief = { dungeon(view, seat),
    W.t("monsters_brief", { list = W.names(S.items(view, "den", seat), W.monster) }),
    W.t("traps_count", { n = S.zone(view, "traps", seat).count }),
    W.t("prisoners", { n = S.zone(view, "prison", seat).count }),
    W.t("party_brief", { heroes = W.names(S.items(view, "party", seat), W.hero) }) }
  for _, line in ipairs(S.flow(brief, " · ", 96, "    ")) do add("    " .. line) end
  local field = S.items(view, "battlefield", seat)
  if #field > 0 then
    add("    " .. W.t("battlefield_brief", { list = W.names(field, function(e)
      return e.face_up and e.name or W.t("face_down")
    end) }))
  end
end

return L
