-- The players on the Thunderstone screen: the seat's own cards (its hand,
-- or the cards it revealed this turn, each with its numbers and text and
-- what this turn did to it), its piles, XP and treasures; the other
-- players in brief. Another player's hand is a count; his cards in play,
-- discard pile and treasures are public (pack.toml).
local S = require "std.screen"
local W = require "screen.words"
local H = require "screen.turn"
local P = {}

-- Where a card's numbers start, after its name.
local COL = 24

-- What this turn did to a card in play (turn: strength, bonus, carry,
-- marked, used), as parts; and a hero's Strength bonus.
local function this_turn(view, e)
  local turn = view.vars.turn
  if not turn or turn.seat ~= e.owner then return {}, 0 end
  local key, out = tostring(e.id), {}
  local bonus = (turn.bonus or {})[key]
  if bonus then
    for _, what in ipairs({ "attack", "magic", "light" }) do
      if (bonus[what] or 0) ~= 0 then out[#out + 1] = W.t("bonus_" .. what, { n = W.signed(bonus[what]) }) end
    end
  end
  for w, h in pairs(turn.carry or {}) do
    if tostring(h) == key then
      local weapon = H.find(view, tonumber(w))
      if weapon then out[#out + 1] = W.t("carrying", { weapon = weapon.name }) end
    elseif w == key then
      local hero = H.find(view, h)
      if hero then out[#out + 1] = W.t("carried_by", { hero = hero.name }) end
    end
  end
  for used in pairs(turn.used or {}) do
    if used:match("^(%d+):") == key then
      out[#out + 1] = W.t("effect_used")
      break
    end
  end
  for _, id in ipairs(turn.marked or {}) do
    if id == e.id then out[#out + 1] = W.t("marked") end
  end
  return out, (turn.strength or {})[key] or 0
end

-- The cards of a zone, the same card with the same marks once with its
-- count: "2× Militia   Str 2 · Attack +1 · 0 gold — Attack +1. Counts as…".
local function cards(view, add, items)
  local rows, at = {}, {}
  for _, e in ipairs(items) do
    local marks, strength = this_turn(view, e)
    local stats = W.stats(e, strength, view.vars.no_monster_gold)
    if #marks > 0 then stats = stats .. (stats ~= "" and " · " or "") .. table.concat(marks, " · ") end
    local key = e.def .. "|" .. stats
    if not at[key] then
      rows[#rows + 1] = { e = e, stats = stats, n = 0 }
      at[key] = rows[#rows]
    end
    at[key].n = at[key].n + 1
  end
  for _, r in ipairs(rows) do
    local name = (r.n > 1 and r.n .. "× " or "") .. r.e.name
    local parts = {}
    local text = W.words(r.e.text)
    -- stats flow word by word too: with many marks they outgrow a line
    for _, w in ipairs(W.words(r.stats)) do parts[#parts + 1] = w end
    if #parts > 0 and #text > 0 then parts[#parts] = parts[#parts] .. " —" end
    for _, w in ipairs(text) do parts[#parts + 1] = w end
    local lines = S.flow(parts, " ", W.WIDTH - COL, "")
    local head = "    " .. name
    if S.width(head) > COL - 2 then
      add(head)
      head = ""
    end
    for i, line in ipairs(lines) do add(S.pad(i == 1 and head or "", COL) .. line) end
    if #lines == 0 then add(head) end
  end
end

-- The monsters in a seat's discard pile (won this game and not yet
-- shuffled back), as groups.
local function monsters(view, seat)
  local out = {}
  for _, g in ipairs(W.groups(view, "discard", seat)) do
    if W.is_monster(g) then out[#out + 1] = g end
  end
  return out
end

local function count(view, zone, seat)
  local z = S.zone(view, zone, seat)
  return z and z.count or 0
end

local function xp(view, seat) return (S.seat(view, seat).counters or {}).xp or 0 end

function P.own(view, add)
  local seat = view.seat
  add(W.t("your_cards", { xp = xp(view, seat), deck = count(view, "deck", seat), discard = count(view, "discard", seat) })
      .. (view.start_seat == seat and #view.seats > 1 and " " .. W.t("you_started") or ""))
  local hand, play = S.items(view, "hand", seat), S.items(view, "play", seat)
  if #play > 0 then
    add("  " .. W.t("in_play"))
    cards(view, add, play)
  end
  if #hand > 0 or #play == 0 then
    add("  " .. W.t("in_hand"))
    if #hand == 0 then add("    —") end
    cards(view, add, hand)
  end
  local aside = S.items(view, "aside", seat)
  if #aside > 0 then
    add("  " .. W.t("treasures"))
    cards(view, add, aside)
  end
  local discard = W.groups(view, "discard", seat)
  if #discard > 0 then W.labelled(add, "  " .. W.t("discard"), W.name_parts(discard), " ", "") end
end

function P.other(view, seat, add)
  local parts = {
    W.seat(view, seat, true) .. ": " .. W.t("in_hand_n", { n = count(view, "hand", seat) }),
    W.t("deck", { n = count(view, "deck", seat) }),
    W.t("discard_n", { n = count(view, "discard", seat) }),
    W.t("xp", { n = xp(view, seat) }),
    W.t("monsters_won", { list = W.names(monsters(view, seat)) }),
  }
  local aside = S.items(view, "aside", seat)
  if #aside > 0 then parts[#parts + 1] = W.t("treasures_brief", { list = W.names(aside) }) end
  for _, line in ipairs(S.flow(parts, " · ", W.WIDTH - 2, "    ")) do add("  " .. line) end
  local play = S.items(view, "play", seat)
  local function more(label, items, sep)
    items[1] = label .. ": " .. items[1]
    for _, line in ipairs(S.flow(items, sep, W.WIDTH - 4, "  ")) do add("    " .. line) end
  end
  if #play > 0 then more(W.t("revealed"), W.name_parts(W.groups(view, "play", seat)), " ") end
  local weapons = H.weapons(view, seat)
  if #weapons > 0 then more(W.t("weapons_label"), weapons, ", ") end
end

function P.draw(view, add)
  if view.seat then P.own(view, add) end
  local first = true
  for _, s in ipairs(view.seats) do
    if s.seat ~= view.seat then
      if first then
        add("")
        add(W.t(view.seat and "other_players" or "players"))
        first = false
      end
      P.other(view, s.seat, add)
    end
  end
end

return P
