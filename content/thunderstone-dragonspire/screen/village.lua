-- The Village on the Thunderstone screen (§3.5, §4.2): every stack with how
-- many cards are left and what its top card costs; heroes by type, each
-- level that is left ("Belzur: Curate ×6 (5), Bishop ×4 (8)"), the Village
-- cards, the basic cards; the Diseases left; the Setting, if any. The
-- Village zone is seen as counts per card, which is all a stack shows.
local T = tabula
local S = require "std.screen"
local W = require "screen.words"
local V = {}

local function words_of(name)
  local out = {}
  for w in name:gmatch("%S+") do out[#out + 1] = w end
  return out
end

-- What may not start a level's short name ("Poloviční ork – jezdec").
local DASHES = { ["–"] = true, ["—"] = true, ["-"] = true }

-- The words every level of a hero type starts with ("Belzur", "Half-Orc"),
-- or nil when its names share none (a level named otherwise in Czech).
local function type_name(stack)
  local names = {}
  for _, def in ipairs(T.defs({ kind = "card" })) do
    if T.def_get(def, "type") == "hero" and T.def_get(def, "stack") == stack then
      names[#names + 1] = words_of(T.definition(def).name)
    end
  end
  local n = 0
  while true do
    local w = names[1] and names[1][n + 1]
    if not w then break end
    local ok = true
    for _, words in ipairs(names) do
      if words[n + 1] ~= w or #words <= n + 1 then ok = false end
    end
    if not ok then break end
    n = n + 1
  end
  for _, words in ipairs(names) do
    if DASHES[words[n + 1]] then n = 0 end
  end
  if n == 0 then return nil, 0 end
  return table.concat(names[1], " ", 1, n), n
end

-- "Curate ×6 (5)": a group with how many are left and the cost.
local function stack_entry(g, cut)
  local name = g.name
  if cut > 0 then name = table.concat(words_of(name), " ", cut + 1) end
  return W.t("stack", { name = name, n = g.count, cost = W.prop(g, "cost") or 0 })
end

local function heroes(groups, add)
  local stacks, order = {}, {}
  for _, g in ipairs(groups) do
    local stack = W.prop(g, "stack") or g.def
    if not stacks[stack] then
      stacks[stack] = {}
      order[#order + 1] = stack
    end
    table.insert(stacks[stack], g)
  end
  table.sort(order)
  local label = W.t("heroes")
  for _, stack in ipairs(order) do
    local levels = stacks[stack]
    table.sort(levels, function(a, b) return (W.prop(a, "level") or 0) < (W.prop(b, "level") or 0) end)
    local prefix, cut = type_name(stack)
    local parts = {}
    for i, g in ipairs(levels) do parts[i] = stack_entry(g, cut) end
    if prefix then parts[1] = prefix .. ": " .. parts[1] end
    W.labelled(add, "  " .. label, parts, ", ", "    ")
    label = ""
  end
end

local function setting(view)
  for _, e in ipairs(S.items(view, "setting")) do
    if W.prop(e, "type") == "setting" then return e end
  end
end

function V.draw(view, add)
  local hero, cards, basic = {}, {}, {}
  for _, g in ipairs(W.groups(view, "village")) do
    local def = T.definition(g.def)
    local is_basic = false
    for _, tag in ipairs(def.tags or {}) do if tag == "basic" then is_basic = true end end
    if is_basic then basic[#basic + 1] = g
    elseif def.props.type == "hero" then hero[#hero + 1] = g
    else cards[#cards + 1] = g end
  end
  add(W.t("village"))
  heroes(hero, add)
  local function row(label, groups)
    if #groups == 0 then return end
    local parts = {}
    for i, g in ipairs(groups) do parts[i] = stack_entry(g, 0) end
    W.labelled(add, "  " .. label, parts, " · ")
  end
  row(W.t("village_cards"), cards)
  row(W.t("basic_cards"), basic)
  local diseases = S.zone(view, "diseases")
  add(S.pad("  " .. W.t("diseases"), W.LABEL) .. W.t("diseases_left", { n = diseases and diseases.count or 0 }))
  local set = setting(view)
  if set then W.labelled(add, "  " .. W.t("setting"), W.words(set.name .. " — " .. (set.text or "")), " ", "  ") end
end

return V
