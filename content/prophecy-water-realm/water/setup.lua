-- The Water board at setup (WR §3.3.4, §4.1 step 5): positive cards face
-- down on the light cells, negative ones on the dark cells, the leftovers
-- put away unseen; as many Rainbow Pearls as players, face up on the
-- palace; the undersea abilities face down on their pile.
local T = tabula
local M = {}

local function deck(tag, zone)
  for _, def in ipairs(T.defs { tag = tag }) do
    if T.def_get(def, "copies", 1) > 0 then
      for _ = 1, T.def_get(def, "copies", 1) do T.turn(T.create(def, zone), false) end
    end
  end
  T.shuffle(zone)
end

local function deal(zone, tag)
  for _, cell in ipairs(T.nodes("water")) do
    local realm = require "water.realm"
    if realm.tagged(cell, tag) then
      local card = T.zone(zone)[1]
      if card then T.move(card, cell) end
    end
  end
  for _, card in ipairs(T.zone(zone)) do T.move(card, "box") end
end

function M.board()
  deck("positive", "water_positive")
  deck("negative", "water_negative")
  T.emit("water_decks", {})
  deal("water_positive", "light")
  deal("water_negative", "dark")
  M.pearls()
  for _, def in ipairs(T.defs { tag = "undersea" }) do T.turn(T.create(def, "undersea_pile"), false) end
  T.shuffle("undersea_pile")
end

-- The Pearls (§3.3.4, C-03): of the box's `pearl_cards`, as many as there
-- are players lie face up on the palace; the rest stay in the box (TV-04).
-- A variant without them answers `pearls_in_game` 0.
function M.pearls()
  local total = T.param("pearl_cards")
  local n = math.min(total, T.modify("pearls_in_game", T.seats(), {}))
  for i = 1, total do
    if i <= n then
      T.create("rainbow_pearl", "water_6_4")
    else
      T.turn(T.create("rainbow_pearl", "box"), false)
    end
  end
end

function M.run() M.board() end

return M
