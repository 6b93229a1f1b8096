-- The Water Realm's part of the screen (appended to the base's
-- `screen_parts`): a character's air and Pearl on its line, and the Water
-- board as a grid, the palace's row on top; a face-down card shows only as
-- face down. It reads only the seat's view.
local T = tabula
local S = require "std.screen"
local M = {}

local function t(key, args)
  local text = { "water.screen." .. key }
  for k, v in pairs(args or {}) do text[k] = v end
  return T.text(text)
end

local function pearl_of(view, seat)
  local z = S.zone(view, "pearls", seat)
  return z and z.count > 0
end

function M.character(view, seat, e)
  local s = ""
  if (S.prop(e, "air_bag") or 0) > 0 or (S.prop(e, "air") or 0) > 0 then
    s = s .. t("air", { air = S.prop(e, "air"), bag = S.prop(e, "air_bag") })
  end
  if pearl_of(view, seat) then s = s .. t("pearl") end
  return s
end

local W = 15

local function cell_text(view, x, y, seat_of)
  local id = "water_" .. x .. "_" .. y
  local z = S.zone(view, id)
  local seen = S.items(view, id)
  local hidden = (z and z.count or 0) - #seen
  local parts = {}
  if x == 1 and y == 1 then parts[#parts + 1] = "E" end
  if x == 6 and y == 4 then parts[#parts + 1] = "P" end
  -- Figures first: a long card name is cut, a figure never.
  for _, e in ipairs(seen) do
    if T.definition(e.def).kind == "character" then parts[#parts + 1] = "[" .. (seat_of[e.id] or "?") .. "]" end
  end
  for _, e in ipairs(seen) do
    local kind = T.definition(e.def).kind
    if kind ~= "character" and kind ~= "pearl" and not (x == 6 and y == 4) then parts[#parts + 1] = e.name end
  end
  if hidden > 0 and not (x == 6 and y == 4) then parts[#parts + 1] = "##" end
  if #parts == 0 then parts[1] = ".." end
  return S.fit(table.concat(parts, " "), W - 1)
end

function M.draw(view, add)
  local v = view.vars
  local where = v.water_closed and t("closed") or (v.water_gate_sphere and T.text("sphere." .. v.water_gate_sphere)) or t("hidden_gate")
  add(t("title", { where = where }))
  local seat_of = {}
  for s, id in ipairs(v.hero or {}) do seat_of[id] = s end
  for y = 4, 1, -1 do
    local line = S.pad(t("row", { y = y }), 5)
    for x = 1, 6 do line = line .. "|" .. cell_text(view, x, y, seat_of) end
    add(line .. "|")
  end
  add("     " .. t("legend"))
  local palace = {}
  local z = S.zone(view, "water_6_4")
  local seen = S.items(view, "water_6_4")
  for _, e in ipairs(seen) do
    if T.definition(e.def).kind ~= "character" then palace[#palace + 1] = e.name end
  end
  for _ = 1, (z and z.count or 0) - #seen do palace[#palace + 1] = T.text("screen.face_down") end
  add("     " .. t("palace", { list = S.join(palace, nil, ", ", T.text("screen.none")) }))
end

return M
