-- The Dorn screen (docs/packs.md, "[screen]"): what one seat sees, drawn
-- from its view alone. The turn (Lord turn, Day or Night, the Gate, whose
-- move), the Lord (Blood Drops, Zorkal, the Final Ritual; his Rituals for
-- himself only), the heroes (lives, level, XP, items, Artifacts; a
-- player's own Blessings for him only), the monsters off the board, then
-- the map and the fields that hold something. Decisions and the log are
-- printed by `tabula play` under it.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local map = require "screen.map"
local M = {}

local LORD = 1

local function head(view, add)
  local v = view.vars
  if (v.lord_turn or 0) == 0 and v.side == "setup" then
    add(W.t("setup"))
  else
    add(W.t("head", { n = v.lord_turn or 0, time = W.t(v.day and "day" or "night"),
                      gate = W.t("gate_" .. (v.gate or "closed")) }))
  end
  local waiting, mine = {}, false
  for _, d in ipairs(view.decisions or {}) do
    if d.seat == view.seat then
      mine = true
    else
      waiting[#waiting + 1] = W.seat(view, d.seat)
    end
  end
  local line = W.t("side_" .. (v.side or "setup"))
  if mine then line = line .. " · " .. W.t("you_decide") end
  if #waiting > 0 then line = line .. " · " .. W.t("waiting", { who = table.concat(waiting, ", ") }) end
  add(line)
end

local function lord(view, add)
  local v = view.vars
  local room = T.nodes("board", "region:ritual_room")
  local full = 0
  for _, f in ipairs(room) do
    if W.count(view, f) > 0 then full = full + 1 end
  end
  local blood = (S.seat(view, LORD).counters or {}).blood or 0
  local text = W.t("lord", { who = W.seat(view, LORD), blood = blood, max = T.param("blood_max"),
                            played = v.rituals_played or 0, streak = v.ritual_streak or 0,
                            need = T.param("final_ritual_turns"), full = full, fields = #room })
  for _, line in ipairs(S.flow(W.words(text), " ", W.WIDTH, "    ")) do add(line) end
  for _, zone in ipairs(view.zones) do
    for _, e in ipairs(zone.items or {}) do
      if not e.hidden and T.definition(e.def).kind == "lord_figure" then
        add("  " .. W.t("zorkal", { level = S.prop(e, "level"), life = W.life(e), max = S.prop(e, "max_life"),
                                    field = zone.zone }))
      end
    end
  end
  local hand = S.items(view, "rituals", LORD)
  if view.seat == LORD then
    local parts = {}
    for _, e in ipairs(hand) do
      parts[#parts + 1] = W.t("ritual", { name = e.name, cost = S.prop(e, "cost") + (T.param("ritual_extra_cost") or 0) })
    end
    local lines = S.flow(parts, ", ", W.WIDTH - 20, "    ")
    if #lines == 0 then lines = { W.t("none") } end
    lines[1] = W.t("rituals", { list = lines[1] })
    for _, line in ipairs(lines) do add("  " .. line) end
  else
    add("  " .. W.t("rituals_count", { n = W.count(view, "rituals", LORD) }))
  end
  local lasting = W.items(view, "in_effect")
  if #lasting > 0 then add("  " .. W.t("in_effect", { list = W.names(lasting) })) end
end

-- Every hero in the game, in the order of §4.3 (params.hero_order), with
-- the field he stands on ("" for the fallen).
local function heroes_in_game(view)
  local at = {}
  for _, z in ipairs(view.zones) do
    for _, e in ipairs(z.items or {}) do
      if not e.hidden and T.definition(e.def).kind == "hero" then at[e.def] = { e = e, field = z.zone } end
    end
  end
  local out = {}
  for _, h in ipairs(T.param("hero_order")) do
    if at[h] then out[#out + 1] = at[h] end
  end
  return out
end

local function xp(view, hero)
  local n = 0
  for _, e in ipairs(W.held(view, "trophies", hero.id)) do n = n + (S.prop(e, "xp") or 0) end
  return n
end

local function heroes(view, add, marks)
  add(W.t("heroes"))
  local fallen = {}
  for i, h in ipairs(heroes_in_game(view)) do
    local e = h.e
    marks[e.id] = tostring(i)
    if h.field == "fallen" then
      fallen[#fallen + 1] = e.name
    else
      add("  " .. W.t("hero", { mark = i, name = e.name, who = W.seat(view, e.owner), level = S.prop(e, "level"),
                                life = W.life(e), max = S.prop(e, "max_life"), xp = xp(view, e), field = h.field }))
      local parts, items, carried = {}, W.held(view, "items", e.id), W.held(view, "carried", e.id)
      if #items > 0 then parts[#parts + 1] = W.t("items", { list = W.names(items) }) end
      if #carried > 0 then parts[#parts + 1] = W.t("artifacts", { list = W.names(carried) }) end
      -- A hero's Blessing is his player's secret: the view of any other
      -- seat does not hold it, so only its owner sees its name.
      if e.owner == view.seat then
        for _, card in ipairs(S.items(view, "blessings", view.seat)) do
          if S.prop(card, "hero") == e.def then parts[#parts + 1] = W.t("blessing", { list = card.name }) end
        end
      end
      if #parts > 0 then
        for _, line in ipairs(S.flow(parts, " · ", W.WIDTH - 6, "  ")) do add("      " .. line) end
      end
    end
  end
  if #fallen > 0 then add("  " .. W.t("fallen", { list = table.concat(fallen, ", ") })) end
  if view.seat and view.seat ~= LORD then
    add("  " .. W.t("blessings_hidden", { n = W.count(view, "blessings", view.seat) }))
  end
end

local function monsters(view, add)
  local n = 0
  for _, z in ipairs(view.zones) do
    for _, e in ipairs(z.items or {}) do
      if not e.hidden and T.definition(e.def).kind == "monster" and z.zone ~= "trophies"
          and z.zone ~= "staging" and z.zone ~= "supply" then
        n = n + 1
      end
    end
  end
  local text = W.t("monsters", { n = n, supply = W.groups(view, "supply"), bag = W.groups(view, "bag") })
  for _, line in ipairs(S.flow(W.words(text), " ", W.WIDTH, "    ")) do add(line) end
  add(W.t("treasures", { n = #(view.vars.treasure_fields or {}), deck = W.count(view, "treasure_deck") }))
  local staged = W.items(view, "staging")
  if #staged > 0 then
    for _, line in ipairs(S.flow(W.words(W.t("staging", { list = W.names(staged) })), " ", W.WIDTH, "    ")) do
      add(line)
    end
  end
end

function M.draw(view)
  local lines = {}
  local function add(line) lines[#lines + 1] = line end
  head(view, add)
  if view.over then add(view.result_text or W.t("over")) end
  add("")
  lord(view, add)
  add("")
  local marks = {}
  heroes(view, add, marks)
  add("")
  monsters(view, add)
  add("")
  map.grid(view, marks, add)
  add("")
  map.fields(view, add)
  return lines
end

return M
