-- How the Dorn screen names things: texts of texts/screen.toml in the
-- reader's language, seats, and the view's zones by id. Everything is read
-- from the seat's view and the packs (docs/lua-api.md, "Screens").
local T = tabula
local S = require "std.screen"
local W = {}

-- Lines are at most this wide (an 80-column terminal), and the panel
-- beside the map this wide.
W.WIDTH, W.PANEL = 80, 40

-- The text "dorn.screen.<key>" with its arguments.
function W.t(key, args)
  local text = { "dorn.screen." .. key }
  if args then
    local keys = {}
    for k in pairs(args) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do text[k] = args[k] end
  end
  return T.text(text)
end

-- The seat as the screen names it: "Lord (seat 1)", "Player 3 (you)".
function W.seat(view, seat)
  local name = seat == 1 and W.t("seat_lord") or W.t("seat_hero", { n = seat })
  if seat == view.seat then name = name .. " " .. W.t("you") end
  return name
end

-- The visible entities of a shared zone (none for a hidden one).
function W.items(view, zone) return S.items(view, zone, nil) end

-- How many entities a zone holds (0 when the view does not list it).
function W.count(view, zone, seat)
  local z = S.zone(view, zone, seat)
  return z and z.count or 0
end

-- A zone viewed as counts per definition: {"3× Ghost", "4× Mummy"}, or
-- {"none"}.
function W.groups(view, zone)
  local z = S.zone(view, zone, nil)
  local parts = {}
  for _, g in ipairs(z and z.groups or {}) do parts[#parts + 1] = g.count .. "× " .. T.definition(g.def).name end
  if #parts == 0 then parts[1] = W.t("none") end
  return parts
end

-- An entity's lives now: the kernel's hit points less its damage.
function W.life(e) return (S.prop(e, "max_life") or 0) - (S.prop(e, "wounds") or 0) end

-- The entities of `zone` that `holder` (an entity id) holds (`held_by`).
function W.held(view, zone, holder)
  local out = {}
  for _, e in ipairs(W.items(view, zone)) do
    if S.prop(e, "held_by") == holder then out[#out + 1] = e end
  end
  return out
end

-- A line's words, for S.flow.
function W.words(text)
  local out = {}
  for w in text:gmatch("%S+") do out[#out + 1] = w end
  return out
end

function W.names(items)
  return S.join(items, function(e) return e.name end, ", ", W.t("none"))
end

-- Whether a field of the board carries `tag`.
function W.tagged(field, tag)
  for _, t in ipairs(T.node_tags(field)) do
    if t == tag then return true end
  end
  return false
end

return W
