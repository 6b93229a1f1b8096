-- The Prophecy screen (docs/packs.md, "[screen]"): what one seat sees,
-- drawn from its view alone. The round and whose turn; every character
-- (lives of strength, magic of willpower, gold, experience, items,
-- abilities, artifacts); the ring of twenty spaces with what lies on each
-- (a face-down card shows only as face down) and who stands there; the
-- spheres; the guilds' offers and the markets. An expansion's screen
-- requires this module and adds its own parts between these.
local T = tabula
local S = require "std.screen"
local M = {}

M.WIDTH = 100

function M.t(key, args)
  local text = { "screen." .. key }
  for k, v in pairs(args or {}) do text[k] = v end
  return T.text(text)
end

-- Entities visible in a zone, and how many are hidden there.
function M.contents(view, zone, seat)
  local z = S.zone(view, zone, seat)
  local seen = S.items(view, zone, seat)
  return seen, (z and z.count or 0) - #seen
end

local function names(list, show)
  local out = {}
  for _, e in ipairs(list) do out[#out + 1] = show and show(e) or e.name end
  return out
end

-- Where every character stands: entity id -> zone id.
function M.positions(view)
  local at = {}
  for _, z in ipairs(view.zones) do
    for _, e in ipairs(z.items or {}) do
      if not e.hidden and T.definition(e.def).kind == "character" then at[e.id] = z end
    end
  end
  return at
end

function M.head(view, add)
  local v = view.vars
  local line
  if v.phase == "setup" then
    line = M.t("setup")
  else
    line = M.t("round", { n = v.round or 1 })
    if v.turn then line = line .. " · " .. M.t("turn_of", { seat = v.turn.seat }) end
    if v.final_battle then line = line .. " · " .. M.t("final_battle") end
    if v.apocalypse then line = line .. " · " .. M.t("apocalypse") end
  end
  add(line)
end

local function item_name(e)
  local n = e.name
  if S.prop(e, "damaged") then n = n .. " " .. M.t("damaged") end
  return n
end

-- One block per seat: the character and what it holds.
function M.characters(view, add, extra)
  local at = M.positions(view)
  local hero = view.vars.hero or {}
  for seat = 1, #view.seats do
    local id = hero[seat]
    local z = id and at[id]
    local counters = S.seat(view, seat).counters or {}
    if id and z then
      local e
      for _, x in ipairs(z.items) do if x.id == id then e = x end end
      local place = z.zone == "out" and M.t("out") or T.text("space." .. z.zone)
      local head = M.t("character", { seat = seat, name = e.name, place = place,
        lives = S.prop(e, "lives"), str = S.prop(e, "max_strength"), magic = S.prop(e, "magic"),
        will = S.prop(e, "max_willpower"), gold = counters.gold or 0, exp = counters.exp or 0 })
      local more = extra and extra(view, seat, e) or ""
      local you = view.seat == seat and ("  " .. M.t("you")) or ""
      -- The layers' words stay on the line while it fits, else on their own.
      if S.width(head .. more .. you) < M.WIDTH then
        add(head .. more .. you)
      else
        add(head .. you)
        add("   " .. more)
      end
      local parts = {}
      local arts = S.items(view, "artifacts", seat)
      if #arts > 0 then parts[#parts + 1] = M.t("artifacts", { list = S.join(names(arts)) }) end
      parts[#parts + 1] = M.t("items", { list = S.join(names(S.items(view, "items", seat), item_name), nil, ", ", M.t("none")) })
      parts[#parts + 1] = M.t("abilities", { list = S.join(names(S.items(view, "abilities", seat)), nil, ", ", M.t("none")) })
      for _, line in ipairs(S.flow(parts, "; ", M.WIDTH - 4, "    ")) do add("    " .. line) end
    else
      add(M.t("no_character", { seat = seat }))
    end
  end
end

-- The ring: one line per space, in ring order.
function M.ring(view, add)
  add(M.t("ring"))
  local hero = view.vars.hero or {}
  local seat_of = {}
  for s, id in ipairs(hero) do seat_of[id] = s end
  for i, space in ipairs(T.param("ring")) do
    local marks = {}
    for _, tag in ipairs(T.node_tags(space)) do
      if tag == "port" or tag == "gate" or tag == "dove" or tag == "market" then marks[#marks + 1] = M.t("tag_" .. tag) end
      local sp = tag:match("^entry:(.+)$")
      if sp then marks[#marks + 1] = T.text("sphere." .. sp) end
    end
    local seen, hidden = M.contents(view, space)
    local cards, who = {}, {}
    for _, e in ipairs(seen) do
      local kind = T.definition(e.def).kind
      if kind == "character" then
        who[#who + 1] = M.t("figure", { name = e.name, seat = seat_of[e.id] or 0 })
      else
        cards[#cards + 1] = e.name
      end
    end
    for _ = 1, hidden do cards[#cards + 1] = M.t("face_down") end
    local line = S.pad(string.format("%2d ", i - 1) .. T.text("space." .. space), 20)
    line = line .. S.pad(#marks > 0 and ("(" .. table.concat(marks, ", ") .. ")") or "", 26)
    local rest = {}
    if #cards > 0 then rest[#rest + 1] = table.concat(cards, ", ") end
    if #who > 0 then rest[#rest + 1] = "@ " .. table.concat(who, ", ") end
    add(S.fit(line .. table.concat(rest, "  "), M.WIDTH))
  end
end

function M.spheres(view, add)
  local parts = {}
  for _, sp in ipairs(T.param("spheres")) do
    local seen, hidden = M.contents(view, sp)
    local list = names(seen)
    for _ = 1, hidden do list[#list + 1] = M.t("face_down") end
    parts[#parts + 1] = T.text("sphere." .. sp) .. ": " .. S.join(list, nil, " / ", M.t("conquered"))
  end
  for i, line in ipairs(S.flow(parts, "; ", M.WIDTH - 10, "    ")) do add((i == 1 and M.t("spheres") or "") .. line) end
end

function M.offers(view, add)
  local parts = {}
  for _, g in ipairs(T.param("guilds")) do
    parts[#parts + 1] = T.text("guild." .. g) .. ": " .. S.join(names(S.items(view, "offer_" .. g)), nil, ", ", M.t("none"))
  end
  for i, line in ipairs(S.flow(parts, "; ", M.WIDTH - 10, "    ")) do add((i == 1 and M.t("guilds") or "") .. line) end
  local goods = {}
  for _, m in ipairs { "town", "village" } do
    goods[#goods + 1] = T.text("space." .. m) .. ": " .. S.join(names(S.items(view, m .. "_goods"), function(e)
      return M.t("good", { name = e.name, price = S.prop(e, "price") })
    end), nil, ", ", M.t("none"))
  end
  for i, line in ipairs(S.flow(goods, "; ", M.WIDTH - 10, "    ")) do add((i == 1 and M.t("market") or "") .. line) end
end

function M.decks(view, add)
  local function n(z) local x = S.zone(view, z); return x and x.count or 0 end
  add(M.t("decks", { chance = n("chance_deck"), adventure = n("adventure_deck"), common = n("common_deck"), rare = n("rare_deck") }))
end

-- The layers' parts (the param `screen_parts`, a list of module names that
-- layers append to): each may have `character(view, seat, entity)`, more
-- words for a character's line, and `draw(view, add)`, a block after the
-- spheres. Required when this module loads: a screen may load nothing
-- during a game.
local PARTS = {}
for _, name in ipairs(T.param("screen_parts")) do PARTS[#PARTS + 1] = require(name) end

function M.draw(view)
  local extra = PARTS
  return S.lines(function(add)
    M.head(view, add)
    M.characters(view, add, function(v, seat, e)
      local s = ""
      for _, p in ipairs(extra) do
        if p.character then s = s .. p.character(v, seat, e) end
      end
      return s
    end)
    M.ring(view, add)
    M.spheres(view, add)
    for _, p in ipairs(extra) do
      if p.draw then p.draw(view, add) end
    end
    M.offers(view, add)
    M.decks(view, add)
  end)
end

return M
