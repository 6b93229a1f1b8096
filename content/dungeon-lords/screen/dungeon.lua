-- The seat's own dungeon on the Dungeon Lords screen: the party at the
-- entrance, the 5 x 4 grid (tunnels, rooms by name, conquered squares and
-- this round's battlefield marked, the entrance above its square), the
-- counters, monsters, traps, prison, order cards and the seat's secret
-- plans. Only the seat's own view reaches here: its traps and hand are its
-- own to see.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local D = {}

local GRID, ENTRANCE = T.param("grid"), T.param("entrance")
local CELL = 14
-- Lines of at most this many characters where a list may run long (an
-- 80-column terminal).
local WIDTH = 79

-- The grid rows as lines: a head of column names with the entrance (▼)
-- over its column and the legend, then every square at its column and row.
function D.grid(view, seat, add)
  local at = {}
  for _, sq in ipairs(S.items(view, "dungeon", seat)) do
    at[S.prop(sq, "c") .. "," .. S.prop(sq, "r")] = sq
  end
  local fight = view.vars["fight@" .. seat]
  local battlefield = fight and fight.square
  local indent = "      "
  local head = indent
  for c = 1, GRID[1] do head = head .. S.fit("c" .. c .. (c == ENTRANCE[1] and " " .. W.t("entrance") or ""), CELL) end
  add((head:gsub("%s+$", "")))
  for r = 1, GRID[2] do
    local row = S.pad("  r" .. r, #indent)
    for c = 1, GRID[1] do
      local sq, cell = at[c .. "," .. r], "·"
      if sq then
        local mark = (sq.id == battlefield and "»" or "") .. (S.prop(sq, "conquered") and "✗" or "")
        cell = mark .. S.fit(sq.name, CELL - 2 - S.width(mark)):gsub("%s+$", "")
      end
      row = row .. S.fit(cell, CELL)
    end
    add((row:gsub("%s+$", "")))
  end
end

local function counters(view, seat)
  local c = S.seat(view, seat).counters
  local imps = W.t("imps", { n = c.imps })
  if (c.busy_imps or 0) > 0 then imps = imps .. " " .. W.t("at_work", { n = c.busy_imps }) end
  local out = { W.t("gold", { n = c.gold }), W.t("food", { n = c.food }), imps }
  if c.trolls > 0 then out[#out + 1] = W.t("trolls", { n = c.trolls }) end
  out[#out + 1] = W.t("evil", { n = c.evil })
  if c.dead_letters > 0 then out[#out + 1] = W.t("dead_letters", { n = c.dead_letters }) end
  return out
end

-- The entities of the seat's zones by id, to name what its secrets hold.
local function by_id(view, seat, zones)
  local out = {}
  for _, z in ipairs(zones) do
    for _, e in ipairs(S.items(view, z, seat)) do out[e.id] = e end
  end
  return out
end

local function name_of(known, id) return known[id] and known[id].name or "?" end

-- "1. Get Food, 2. Dig Tunnels".
local function numbered(known, ids)
  local out = {}
  for i, id in ipairs(ids) do out[i] = i .. ". " .. name_of(known, id) end
  return table.concat(out, ", ")
end

-- The title line with the party at the entrance (front first), the grid,
-- then the counters with what the lord holds, flowing on as few lines as fit.
function D.lord(view, seat, add)
  local starts = view.start_seat == seat and #view.seats > 1
  local title = W.t("your_dungeon") .. (starts and " " .. W.t("you_start") or "")
  -- The marks' legend, once a square bears one.
  local fight = view.vars["fight@" .. seat]
  local marked = fight and fight.square
  for _, sq in ipairs(S.items(view, "dungeon", seat)) do marked = marked or S.prop(sq, "conquered") end
  if marked then title = title .. " (" .. W.t("grid_legend") .. ")" end
  local party = {}
  for i, h in ipairs(S.items(view, "party", seat)) do party[i] = W.hero(h) end
  if #party > 0 then
    party[1] = title .. " · " .. W.t("party_at_entrance", { first = party[1] })
    for _, line in ipairs(S.flow(party, ", ", WIDTH, "    ")) do add(line) end
  else
    add(title)
  end
  D.grid(view, seat, add)
  local col = 11
  local held = counters(view, seat)
  for _, part in ipairs({
    W.t("monsters_brief", { list = W.names(S.items(view, "den", seat), W.monster) }),
    W.t("traps_brief", { list = W.names(S.items(view, "traps", seat)) }),
    W.t("prison_brief", { list = W.names(S.items(view, "prison", seat)) }) }) do held[#held + 1] = part end
  for _, line in ipairs(S.flow(held, " · ", WIDTH, "    ")) do add(line) end
  local field = S.items(view, "battlefield", seat)
  if #field > 0 then add(S.pad(W.t("battlefield"), col) .. W.names(field)) end
  -- The order cards matter in the build rounds only.
  local hand = S.items(view, "orders_hand", seat)
  if not require("screen.board").in_combat(view) and #hand + S.zone(view, "orders_blocked", seat).count + S.zone(view, "orders_played", seat).count > 0 then
    -- Card by card, so that a long hand breaks between cards; each part
    -- ends with its separator.
    local orders = {}
    local function group(key, cards, show, last)
      local names = {}
      for i, c in ipairs(cards) do names[i] = show and show(c) or c.name end
      if #names == 0 then names[1] = "—" end
      names[1] = W.t(key, { cards = names[1] })
      for i, n in ipairs(names) do orders[#orders + 1] = n .. (i < #names and "," or (last and "" or " ·")) end
    end
    group("in_hand", hand)
    group("blocked", S.items(view, "orders_blocked", seat))
    group("played", S.items(view, "orders_played", seat), W.order, true)
    for i, line in ipairs(S.flow(orders, " ", WIDTH - col, "")) do add(S.pad(i == 1 and W.t("orders") or "", col) .. line) end
  end
  local dummy = S.items(view, "dummy_hand", seat)
  if #dummy > 0 then
    add(S.pad("", col) .. W.t("dummy_hand", { colour = W.colour(view, S.prop(dummy[1], "colour")), cards = W.names(dummy) }))
  end
  -- The seat's own secrets: what it planned and nobody else has seen yet.
  local secret = S.seat(view, seat).secret or {}
  local known = by_id(view, seat, { "orders_hand", "dummy_hand", "dungeon", "traps", "den" })
  if secret.orders and #secret.orders > 0 then add(S.pad(W.t("your_plan"), col) .. numbered(known, secret.orders)) end
  if secret.dummy_order then add(S.pad("", col) .. W.t("dummy_plan", { card = name_of(known, secret.dummy_order) })) end
  if secret.square then
    local forces = {}
    for _, id in ipairs(secret.plan or {}) do forces[#forces + 1] = name_of(known, id) end
    local square = known[secret.square] and W.square(known[secret.square]) or "?"
    add(S.pad(W.t("your_plan"), col) .. W.t("fight_plan", { square = square, forces = S.join(forces, nil, ", ", "—") }))
  end
end

return D
