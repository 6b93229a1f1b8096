-- The Dungeon Hall on the Thunderstone screen (§3.4, §5.3, §5.9): Rank 0
-- when a Guardian stands there, Ranks 1–3 with the base light penalty of
-- each (the rank) and what lies there — a monster with its health, XP, VP,
-- light modifiers, abilities and card text; the Thunderstone; a trap while
-- it resolves — and the size of the Dungeon deck. Factors of the penalty
-- (Guardian of Night) are the rules' business: the Guardian's text says so.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local D = {}

local RANKS = T.param("ranks")
-- Where a card's line starts, after the rank and its penalty.
local COL = 27

-- The card's first line: "Tomb Haunt — health 5 · 1 XP · 3 VP · Light +1".
local function summary(e)
  local kind = W.prop(e, "type")
  if W.is_monster(e) then
    local parts = { W.t("health", { n = W.prop(e, "health") }), W.t("xp", { n = W.prop(e, "xp") }),
                    W.t("vp", { n = W.prop(e, "vp") }) }
    for _, m in ipairs(W.light_mods(e)) do parts[#parts + 1] = m end
    for _, a in ipairs(W.abilities(e)) do parts[#parts + 1] = a end
    return e.name, parts
  end
  local known = { thunderstone = true, trap = true, treasure = true }
  return e.name, { W.t("kind_" .. (known[kind] and kind or "card")) }
end

local function card(add, label, e)
  local name, parts = summary(e)
  parts[1] = name .. " — " .. parts[1]
  -- Each part but the last ends with its separator, so that a line broken
  -- in the list ends with "·".
  for i = 1, #parts - 1 do parts[i] = parts[i] .. " ·" end
  for i, line in ipairs(S.flow(parts, " ", W.WIDTH - COL, "  ")) do
    add((i == 1 and S.pad(label, COL) or string.rep(" ", COL)) .. line)
  end
  if e.text and e.text ~= "" then W.flowed(add, COL + 2, e.text) end
end

-- "penalty 2": the rank's own light penalty (§5.3).
local function rank_label(rank)
  local name = rank == 0 and W.t("rank_zero") or W.t("rank", { n = rank })
  return "  " .. S.pad(name, 12) .. (rank == 0 and W.t("no_penalty") or W.t("penalty", { n = rank }))
end

function D.draw(view, add)
  local deck = S.zone(view, "dungeon")
  add(W.t("hall", { n = deck and deck.count or 0 }))
  for _, e in ipairs(S.items(view, "rank0")) do card(add, rank_label(0), e) end
  for rank = 1, RANKS do
    local items = S.items(view, "rank" .. rank)
    if #items == 0 then add(S.pad(rank_label(rank), COL) .. W.t("empty_rank")) end
    for i, e in ipairs(items) do card(add, i == 1 and rank_label(rank) or "", e) end
  end
end

return D
