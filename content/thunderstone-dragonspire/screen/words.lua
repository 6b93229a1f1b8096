-- How the Thunderstone screen names things: texts of texts/screen.toml in
-- the reader's language, a card's numbers in short words, a monster's
-- abilities, who a seat is. Everything is read from the view's entities
-- and the definitions (docs/lua-api.md, "Screens").
local T = tabula
local S = require "std.screen"
local W = {}

-- Lines are at most this wide; the label column of a section.
W.WIDTH, W.LABEL = 78, 12   -- an 80-column terminal

-- The text `key` ("screen." is added) with named arguments.
function W.t(key, args)
  local text = { "screen." .. key }
  for k, v in pairs(args or {}) do text[k] = v end
  return T.text(text)
end

-- A definition's property (an entity's when it changed in play).
function W.prop(e, name)
  if e.id then return S.prop(e, name) end
  return T.definition(e.def).props[name]
end

-- "+2", "−1": a signed number as cards print it.
function W.signed(n)
  return n < 0 and "−" .. -n or "+" .. n
end

-- A card's numbers in short words: "level 1 · Str 4 · Magic +1 · 2 gold".
-- `strength_bonus`: what effects added to a hero's Strength this turn;
-- `no_monster_gold`: a Setting took the monsters' gold value (Barrowsdale:
-- the rules' variable no_monster_gold).
function W.stats(e, strength_bonus, no_monster_gold)
  local p = function(name) return W.prop(e, name) end
  local out = {}
  local kind = p("type")
  if kind == "hero" then
    if (p("level") or 0) > 0 then out[#out + 1] = W.t("level", { n = p("level") }) end
    local s = p("strength") or 0
    out[#out + 1] = (strength_bonus or 0) ~= 0 and W.t("strength_plus", { n = s, plus = W.signed(strength_bonus) })
      or W.t("strength", { n = s })
  end
  for _, what in ipairs({ "attack", "magic", "light" }) do
    local n = p(what) or 0
    if n ~= 0 then out[#out + 1] = W.t(what, { n = W.signed(n) }) end
  end
  if p("weight") then out[#out + 1] = W.t("weight", { n = p("weight") }) end
  if kind == "monster" or kind == "guardian" then out[#out + 1] = W.t("health", { n = p("health") or 0 }) end
  if p("gold") and not (no_monster_gold and kind == "monster") then out[#out + 1] = W.t("gold", { n = p("gold") }) end
  if (p("vp") or 0) ~= 0 then out[#out + 1] = W.t("vp", { n = p("vp") }) end
  return table.concat(out, " · ")
end

-- A monster's abilities (§5.5) in short words, as a list.
function W.abilities(e)
  local p = function(name) return W.prop(e, name) end
  local out = {}
  if p("immune_magic") then out[#out + 1] = W.t("immune_magic") end
  if p("magic_only") then out[#out + 1] = W.t("magic_only") end
  if p("immune_unequipped") then out[#out + 1] = W.t("immune_unequipped") end
  if (p("heroes_needed") or 0) > 0 then out[#out + 1] = W.t("heroes_needed", { n = p("heroes_needed") }) end
  if p("spell_or_item_needed") then out[#out + 1] = W.t("spell_or_item_needed") end
  if (p("double_health_below_gold") or 0) > 0 then
    out[#out + 1] = W.t("double_health", { n = p("double_health_below_gold") })
  end
  if p("must_defeat") then out[#out + 1] = W.t("must_defeat") end
  return out
end

-- A monster's light modifiers (§5.3) as printed: its own, and a GLOBAL
-- one that changes the penalty of every rank.
function W.light_mods(e)
  local out = {}
  local own, global = W.prop(e, "light_mod") or 0, W.prop(e, "global_light") or 0
  if own ~= 0 then out[#out + 1] = W.t("light", { n = W.signed(own) }) end
  if global ~= 0 then out[#out + 1] = W.t("light_global", { n = W.signed(global) }) end
  return out
end

function W.is_monster(e)
  local kind = W.prop(e, "type")
  return kind == "monster" or kind == "guardian"
end

-- "Player 2", "Player 1 (you)", "Player 3 (started)".
function W.seat(view, seat, mark_start)
  local name = W.t("seat", { n = seat })
  if seat == view.seat then name = name .. " " .. W.t("you") end
  if mark_start and seat == view.start_seat and #view.seats > 1 then name = name .. " " .. W.t("started") end
  return name
end

-- An entity's or a group's name; a group of several shows its count
-- ("2× Militia").
function W.name(e)
  return (e.count and e.count > 1) and e.count .. "× " .. e.name or e.name
end

-- The names of a list of entities or groups, `none` (a dash) when empty.
function W.names(items, show)
  return S.join(items, show or W.name, ", ", "—")
end

-- The same as parts for S.flow, which breaks lines only between names:
-- every name but the last ends with a comma.
function W.name_parts(items)
  local out = {}
  for i, e in ipairs(items) do out[i] = W.name(e) .. (i < #items and "," or "") end
  if #out == 0 then out[1] = "—" end
  return out
end

-- A text's words, for S.flow to break between.
function W.words(text)
  local out = {}
  for w in (text or ""):gmatch("%S+") do out[#out + 1] = w end
  return out
end

-- Parts under a label in the first W.LABEL columns, flowing onto more
-- lines indented past the label when they run long.
function W.labelled(add, label, parts, sep, indent)
  local pad = string.rep(" ", W.LABEL)
  for i, line in ipairs(S.flow(parts, sep, W.WIDTH - W.LABEL, indent or "")) do
    add((i == 1 and S.pad(label, W.LABEL) or pad) .. line)
  end
end

-- A text flowed under column `col`.
function W.flowed(add, col, text)
  local pad = string.rep(" ", col)
  for _, line in ipairs(S.flow(W.words(text), " ", W.WIDTH - col)) do add(pad .. line) end
end

-- The groups of a grouped zone ({def, name, count, text}), or its items
-- gathered by definition, so either view reads the same.
function W.groups(view, zone, seat)
  local z = S.zone(view, zone, seat)
  if not z then return {} end
  if z.groups then return z.groups end
  local out, at = {}, {}
  for _, e in ipairs(z.items or {}) do
    if not e.hidden then
      if not at[e.def] then
        out[#out + 1] = { def = e.def, name = e.name, text = e.text, count = 0 }
        at[e.def] = out[#out]
      end
      at[e.def].count = at[e.def].count + 1
    end
  end
  return out
end

return W
