-- The Dorn screen (docs/packs.md, "[screen]"): what one seat sees, drawn
-- from its view alone, compact enough to leave a 45-row terminal room for
-- the question. A head line (Lord turn, Day or Night, the Gate, whose
-- move), then the map (screen/map.lua: one character a field, rows A..Z,
-- columns 1..36) with a panel beside it: the Lord (Blood Drops, the Final
-- Ritual, Zorkal; his Rituals for himself only), the heroes (field, lives,
-- level, XP, items, Artifacts; a player's own Blessings for him only), the
-- monsters on the board by field, the supply and the bag, and the map's
-- key. Decisions and the log are printed by `tabula play` under it.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local map = require "screen.map"
local names = require "rules.names"
local M = {}

local LORD = 1

-- The panel beside the map: the map takes 2 + 36 characters, a gap of 2,
-- so that the screen fits 80 columns.
local GAP = "  "

local function head(view)
  local v, parts = view.vars, {}
  if (v.lord_turn or 0) == 0 and v.side == "setup" then
    parts[1] = W.t("setup")
  else
    parts[1] = W.t("head", { n = v.lord_turn or 0, time = W.t(v.day and "day" or "night"),
                             gate = W.t("gate_" .. (v.gate or "closed")) })
  end
  local waiting, mine = {}, false
  for _, d in ipairs(view.decisions or {}) do
    if d.seat == view.seat then
      mine = true
    else
      waiting[#waiting + 1] = W.seat(view, d.seat)
    end
  end
  if v.side ~= "setup" then parts[#parts + 1] = W.t("side_" .. (v.side or "setup")) end
  if mine then parts[#parts + 1] = W.t("you_decide") end
  if #waiting > 0 then parts[#parts + 1] = W.t("waiting", { who = table.concat(waiting, ", ") }) end
  return S.flow(parts, " · ", W.WIDTH, "  ")
end

-- A text flowed into the panel: words, lines of at most W.PANEL
-- characters, the first after `lead` (default none), later lines indented
-- by `indent` (default two spaces).
local function say(add, text, indent, lead)
  local words = W.words(text)
  if lead and words[1] then words[1] = lead .. words[1] end
  for _, line in ipairs(S.flow(words, " ", W.PANEL, indent or "  ")) do add(line) end
end

-- A list flowed into the panel after its label ("Supply: 7× Giant Rat,
-- ..."), broken only between items, so that a name stays on one line.
local function list(add, label, parts, lead)
  if #parts == 0 then return end
  local items = {}
  for i, part in ipairs(parts) do items[i] = part end
  items[1] = (lead or "") .. label .. " " .. items[1]
  for _, line in ipairs(S.flow(items, ", ", W.PANEL, (lead or "") .. "  ")) do add(line) end
end

local function names_of(items)
  local out = {}
  for i, e in ipairs(items) do out[i] = e.name end
  return out
end

-- A field as the panel names it: its name on the map, or where a hero
-- waits off the board.
local function where(field)
  if names.cell(field) then return names.of(field) end
  return W.t("off_board")
end

local function lord(view, add)
  local v = view.vars
  local room = T.nodes("board", "region:ritual_room")
  local full = 0
  for _, f in ipairs(room) do
    if W.count(view, f) > 0 then full = full + 1 end
  end
  local blood = (S.seat(view, LORD).counters or {}).blood or 0
  say(add, W.t("lord", { who = W.seat(view, LORD), blood = blood, max = T.param("blood_max") }))
  say(add, W.t("final_ritual", { played = v.rituals_played or 0, streak = v.ritual_streak or 0,
                                  need = T.param("final_ritual_turns"), full = full, fields = #room }))
  for _, zone in ipairs(view.zones) do
    for _, e in ipairs(zone.items or {}) do
      if not e.hidden and T.definition(e.def).kind == "lord_figure" then
        say(add, W.t("zorkal", { level = S.prop(e, "level"), life = W.life(e), max = S.prop(e, "max_life"),
                                 field = where(zone.zone) }))
      end
    end
  end
  if view.seat == LORD then
    local parts = {}
    for _, e in ipairs(S.items(view, "rituals", LORD)) do
      parts[#parts + 1] = W.t("ritual", { name = e.name, cost = S.prop(e, "cost") + (T.param("ritual_extra_cost") or 0) })
    end
    if #parts == 0 then parts[1] = W.t("none") end
    list(add, W.t("rituals"), parts)
  else
    say(add, W.t("rituals_count", { n = W.count(view, "rituals", LORD) }))
  end
  local lasting = W.items(view, "in_effect")
  list(add, W.t("in_effect"), names_of(lasting))
end

-- Every hero in the game, in the order of §4.3 (params.hero_order), with
-- the field he stands on ("fallen" for the fallen).
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

-- The heroes, numbered in the order of §4.3 (the map's digits), under a
-- line for each player who has some on the board.
local function heroes(view, add, marks)
  local fallen, owners, of = {}, {}, {}
  for i, h in ipairs(heroes_in_game(view)) do
    local e = h.e
    marks[e.id] = tostring(i)
    if h.field == "fallen" then
      fallen[#fallen + 1] = e.name
    else
      if not of[e.owner] then
        of[e.owner] = {}
        owners[#owners + 1] = e.owner
      end
      table.insert(of[e.owner], { i = i, h = h })
    end
  end
  table.sort(owners)
  for _, owner in ipairs(owners) do
    say(add, W.t("heroes_of", { who = W.seat(view, owner) }))
    for _, x in ipairs(of[owner]) do
      local e = x.h.e
      say(add, W.t("hero", { mark = x.i, name = e.name, level = S.prop(e, "level"), life = W.life(e),
                             max = S.prop(e, "max_life"), xp = xp(view, e), field = where(x.h.field) }), "    ")
      list(add, W.t("items"), names_of(W.held(view, "items", e.id)), "  ")
      list(add, W.t("artifacts"), names_of(W.held(view, "carried", e.id)), "  ")
      -- A hero's Blessing is his player's secret: the view of any other
      -- seat does not hold it, so only its owner sees its name.
      if e.owner == view.seat then
        for _, card in ipairs(S.items(view, "blessings", view.seat)) do
          if S.prop(card, "hero") == e.def then list(add, W.t("blessing"), { card.name }, "  ") end
        end
      end
    end
  end
  list(add, W.t("fallen"), fallen)
  if view.seat and view.seat ~= LORD then
    say(add, W.t("blessings_hidden", { n = W.count(view, "blessings", view.seat) }))
  end
end

local function monsters(view, add, here, letters)
  local on_board = map.monsters(here, letters)
  if #on_board == 0 then say(add, W.t("no_monsters")) end
  for _, line in ipairs(on_board) do say(add, line) end
  for _, line in ipairs(map.obstacles(here)) do say(add, line) end
  list(add, W.t("supply"), W.groups(view, "supply"))
  list(add, W.t("bag"), W.groups(view, "bag"))
  say(add, W.t("treasures", { n = #(view.vars.treasure_fields or {}), deck = W.count(view, "treasure_deck") }))
  local staged = W.items(view, "staging")
  -- What waits to be placed, by name with counts ("6× Artifact, 2×
  -- Zombie"): the Artifacts' pictures do not matter until they lie.
  local count, order = {}, {}
  for _, e in ipairs(staged) do
    local name = T.definition(e.def).kind == "artifact" and W.t("artifact") or e.name
    if not count[name] then order[#order + 1] = name end
    count[name] = (count[name] or 0) + 1
  end
  local parts = {}
  for i, name in ipairs(order) do parts[i] = count[name] .. "× " .. name end
  list(add, W.t("staging"), parts)
  say(add, W.t("legend"))
end

function M.draw(view)
  local lines = head(view)
  if view.over then
    for _, line in ipairs(S.flow(W.words(view.result_text or W.t("over")), " ", W.WIDTH, "  ")) do
      lines[#lines + 1] = line
    end
  end
  local panel, marks, letters = {}, {}, map.letters()
  local here = map.contents(view)
  local function add(line) panel[#panel + 1] = line end
  lord(view, add)
  heroes(view, add, marks)
  monsters(view, add, here, letters)
  local grid = map.grid(view, here, marks, letters)
  local width = 2 + names.COLS
  for i = 1, math.max(#grid, #panel) do
    local left = S.pad(grid[i] or "", width)
    local line = panel[i] and left .. GAP .. panel[i] or grid[i] or ""
    lines[#lines + 1] = (line:gsub("%s+$", ""))
  end
  return lines
end

return M
