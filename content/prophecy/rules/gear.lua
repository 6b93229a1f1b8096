-- What a character's items and abilities add in a fight (PB §5.1, §7, D-20,
-- D-21). Two hands hold any two one-handed items (weapons and shields;
-- WR §2.5 K-1) or one two-handed weapon; one armour; one head item; items
-- worn nowhere add their bonus too. Only the items used count: the best
-- set is taken. The channel `hand_cost` {fighter, item, combat} is what a
-- hand used costs (an expansion's underwater penalty, WR §3.3.15); the
-- channel `card_works` {fighter, card, combat} (1: it works) lets a rule
-- switch a card off (water cards outside the realm, WR §3.3.9).
local T = tabula
local board = require "rules.board"
local M = {}

local function item_value(item, combat)
  local v = T.get(item, "bonus")
  if combat == "strength" then v = v + T.get(item, "strength_bonus") else v = v + T.get(item, "willpower_bonus") end
  return v
end

function M.works(char, card, combat)
  if T.has(card, "damaged") and T.get(card, "damaged") then return false end
  return T.modify("card_works", 1, { fighter = char, card = card, combat = combat }) > 0
end

-- Every item (artifacts too) of the character's seat.
function M.items(char)
  local seat = T.owner(char)
  local out = {}
  for _, it in ipairs(T.zone("items", seat)) do out[#out + 1] = it end
  for _, it in ipairs(T.zone("artifacts", seat)) do out[#out + 1] = it end
  return out
end

-- The best set of items for one fight: their bonus, and the hand items used.
function M.best(char, combat)
  local one, two, armour, head, loose = {}, {}, nil, nil, 0
  for _, it in ipairs(M.items(char)) do
    if M.works(char, it, combat) then
      local slot = T.get(it, "slot")
      local v = item_value(it, combat)
      if slot == "hand" then
        local net = v - T.modify("hand_cost", 0, { fighter = char, item = it, combat = combat })
        if net > 0 then one[#one + 1] = { it, net } end
      elseif slot == "two_hands" then
        local net = v - 2 * T.modify("hand_cost", 0, { fighter = char, item = it, combat = combat })
        if net > 0 then two[#two + 1] = { it, net } end
      elseif slot == "armour" then
        if v > 0 and (armour == nil or v > armour[2]) then armour = { it, v } end
      elseif slot == "head" then
        if v > 0 and (head == nil or v > head[2]) then head = { it, v } end
      elseif v > 0 then
        loose = loose + v
      end
    end
  end
  table.sort(one, function(a, b) if a[2] ~= b[2] then return a[2] > b[2] end return a[1] < b[1] end)
  local hands, hands_value = {}, 0
  for i = 1, math.min(2, #one) do
    hands[#hands + 1] = one[i][1]
    hands_value = hands_value + one[i][2]
  end
  for _, t in ipairs(two) do
    if t[2] > hands_value then hands, hands_value = { t[1] }, t[2] end
  end
  local total = hands_value + loose + (armour and armour[2] or 0) + (head and head[2] or 0)
  return total, hands
end

-- What the character's abilities add (spells only when cast): bonuses for
-- the combat type, on their terrain only when they name one.
function M.abilities(char, combat, cast)
  local space = board.where(char)
  local total = 0
  for _, ab in ipairs(T.zone("abilities", T.owner(char))) do
    if M.works(char, ab, combat) then
      local terrain = T.get(ab, "terrain")
      local spell = T.get(ab, "spell_cost") > 0
      if (terrain == "" or board.terrain(space) == terrain) and (not spell or (cast and cast[ab])) then
        total = total + T.get(ab, "bonus")
        if combat == "strength" then total = total + T.get(ab, "strength_bonus") else total = total + T.get(ab, "willpower_bonus") end
      end
    end
  end
  return total
end

-- The spells a character could cast now: abilities with a magic cost it can pay.
function M.spells(char, combat)
  local out = {}
  for _, ab in ipairs(T.zone("abilities", T.owner(char))) do
    local cost = T.get(ab, "spell_cost")
    if cost > 0 and M.works(char, ab, combat) and T.get(char, "magic") >= cost then out[#out + 1] = ab end
  end
  return out
end

return M
