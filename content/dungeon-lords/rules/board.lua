-- The central board's action slots (§4.3.2, §4.4), kept in the variable
-- "slots": for each action the colours standing on slots 1..3, 0 when free.
local T = tabula
local B = {}

local SLOTS = T.param("action_slots")

function B.reset()
  local slots = {}
  for _, action in ipairs(T.param("actions")) do
    local row = {}
    for i = 1, #SLOTS[action] do row[i] = 0 end
    slots[action] = row
  end
  T.set_var("slots", slots)
end

function B.occupant(action, i) return T.var("slots")[action][i] end

function B.free(action, i) T.var("slots")[action][i] = 0 end

-- Puts a minion of `colour` on the lowest free slot from `from` on; returns
-- the slot, or nil when every such slot is taken.
function B.place(colour, action, from)
  local row = T.var("slots")[action]
  for i = from, #row do
    if row[i] == 0 then
      row[i] = colour
      return i
    end
  end
end

-- Whether a slot from `from` on is free.
function B.has_free(action, from)
  local row = T.var("slots")[action]
  for i = from, #row do
    if row[i] == 0 then return true end
  end
  return false
end

-- The order card a lord played for `action` this round.
function B.card_of(seat, action)
  for _, card in ipairs(T.zone("orders_played", seat)) do
    if T.get(card, "action") == action then return card end
  end
end

-- §4.1.3: a minion that did not work stands on its order card.
function B.unexecuted(seat, action)
  local card = B.card_of(seat, action)
  if card then T.set(card, "minion", true) end
end

return B
