-- Treasure Island's part of the Prophecy screen (the base's param
-- `screen_parts`): the Map Parts each character holds (and its fame in
-- Treasure Hunters) on its line, then a block with the shown treasures, the
-- face-down ones, who stands on the island, and the Map-Part piles. Drawn
-- from the seat's view alone.
local T = tabula
local S = require "std.screen"
local M = {}

local WIDTH = 99

local function t(key, args)
  local text = { "island.screen." .. key }
  for k, v in pairs(args or {}) do text[k] = v end
  return T.text(text)
end

local function count(view, zone, seat)
  local z = S.zone(view, zone, seat)
  return z and z.count or 0
end

function M.character(view, seat)
  local s = " | " .. t("maps", { n = count(view, "maps", seat) })
  local fame = (S.seat(view, seat).counters or {}).fame
  if fame then s = s .. " | " .. t("fame", { n = fame }) end
  return s
end

function M.draw(view, add)
  local seat_of = {}
  for s, id in ipairs(view.vars.hero or {}) do seat_of[id] = s end
  local parts = {}
  for _, e in ipairs(S.items(view, "treasures")) do
    parts[#parts + 1] = t("treasure", { name = e.name, n = S.prop(e, "maps") })
  end
  parts[1] = t("shown", { list = parts[1] or t("none") })
  parts[#parts + 1] = t("pile", { n = count(view, "treasure_pile") })
  local who = {}
  for _, e in ipairs(S.items(view, "island")) do
    if T.definition(e.def).kind == "character" then who[#who + 1] = e.name .. " [" .. (seat_of[e.id] or 0) .. "]" end
  end
  if #who > 0 then parts[#parts + 1] = t("here", { list = table.concat(who, ", ") }) end
  local head = t("island") .. " "
  local indent = string.rep(" ", S.width(head))
  for i, line in ipairs(S.flow(parts, ", ", WIDTH - S.width(head), indent)) do
    add(S.fit((i == 1 and head or "") .. line, WIDTH))
  end
  add(t("map_pile", { pile = count(view, "map_deck"), discard = count(view, "map_discard") }))
end

return M
