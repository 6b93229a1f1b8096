-- How the Dungeon Lords screen names things: texts of texts/screen.toml in
-- the reader's language, and one-line descriptions of heroes, monsters,
-- rooms, squares and whose colour a marker is. Everything is read from the
-- entities of the view (docs/lua-api.md, "Screens").
local T = tabula
local S = require "std.screen"
local W = {}

-- The text `key` ("screen." is added) with named arguments.
function W.t(key, args)
  local text = { "screen." .. key }
  for k, v in pairs(args or {}) do text[k] = v end
  return T.text(text)
end

-- "Thief (hp 4, disarm 1)", damage counted off as "hp 2/4".
function W.hero(e)
  local parts, damage, hp = {}, S.prop(e, "damage") or 0, S.prop(e, "hp") or 0
  parts[1] = damage > 0 and W.t("hp_left", { left = hp - damage, hp = hp }) or W.t("hp", { hp = hp })
  for _, icon in ipairs({ "disarm", "heal", "crystal" }) do
    local n = S.prop(e, icon) or 0
    if n > 0 then parts[#parts + 1] = W.t(icon, { n = n }) end
  end
  return e.name .. " (" .. table.concat(parts, ", ") .. ")"
end

-- A monster's hiring cost: "2 food", "1 food, 1 evil", "1 gold, a trap".
function W.cost(e)
  local parts = {}
  for _, what in ipairs({ "food", "evil", "gold", "trap", "monster" }) do
    local n = S.prop(e, "cost_" .. what) or 0
    if n > 0 then parts[#parts + 1] = T.text({ "cost." .. what, n = n }) end
  end
  return #parts > 0 and table.concat(parts, ", ") or T.text("cost.free")
end

-- "Troll (ready)" / "Troll (exhausted)": a monster face up is ready.
function W.monster(e)
  return e.name .. " (" .. W.t(e.face_up and "ready" or "exhausted") .. ")"
end

-- "Souvenir shop (production, upper rows)".
function W.room(e)
  return e.name .. " (" .. W.t("group_" .. S.prop(e, "group")) .. ", " .. W.t("placement_" .. S.prop(e, "placement")) .. ")"
end

-- "Tunnel c3 r1".
function W.square(e)
  return W.t("square", { name = e.name, c = S.prop(e, "c"), r = S.prop(e, "r") })
end

-- An order card, with the minion standing on it when it did not work.
function W.order(e)
  return S.prop(e, "minion") and W.t("with_minion", { name = e.name }) or e.name
end

-- A colour on the board: "you", "S2" for a seat, "D4" for a dummy.
function W.colour(view, colour)
  if colour == view.seat then return W.t("you") end
  if colour <= #view.seats then return W.t("seat_short", { n = colour }) end
  return W.t("dummy_short", { n = colour })
end

-- "Seat 2", or "Seat 2 (starts)".
function W.seat(view, seat)
  local name = W.t("seat", { n = seat })
  return seat == view.start_seat and name .. " " .. W.t("starts") or name
end

-- The names of a list of entities, `none` (a dash) when it is empty.
function W.names(items, show)
  return S.join(items, show or function(e) return e.name end, ", ", "—")
end

return W
