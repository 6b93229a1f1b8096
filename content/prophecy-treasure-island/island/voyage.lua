-- Voyages to and from the island (WR §3.4.5, §4.2 step 3.1, TV-56). In
-- the movement phase a character in any port of the ring may sail to the
-- island, buying a return ticket at once (`island_fare`, 2 gold); from the
-- island it sails to any port of the ring, chosen on leaving
-- (`island_return_fare`, nothing). Both fares go through the base channel
-- `fare` as ship voyages, so Harbour Rat and Shipboard Services make them
-- free. The seed gives Shipboard Services 2 gold for the trip back and
-- nothing for the trip there, instead of its gold per voyage: the moves
-- are therefore of their own kind ("island", the event `moved`), and the
-- param `island_return_gold` says what an ability earns on the way back.
local T = tabula
local board = require "rules.board"
local movement = require "rules.movement"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

function M.fare(char, which)
  return T.modify("fare", T.param(which), { character = char, how = "ship" })
end

function M.there()
  local t = T.var("turn")
  resources.pay(t.seat, "gold", M.fare(t.char, "island_fare"))
  movement.done()
  movement.put(t.char, "island", "island")
end

function M.back(ctx)
  local t = T.var("turn")
  resources.pay(t.seat, "gold", M.fare(t.char, "island_return_fare"))
  movement.done()
  movement.put(t.char, ctx.choice:match("^sail:(.+)$"), "island")
  local earn = T.param("island_return_gold")
  for _, ab in ipairs(T.zone("abilities", t.seat)) do
    local gold = earn[T.def(ab)]
    if gold and gold > 0 then
      resources.add(t.seat, "gold", gold)
      T.log({ "card.effect.gold", card = ab, who = names.who(t.char), n = gold })
    end
  end
end

M.extend = {
  move_options = function(ctx)
    local a = ctx.args
    local gold = resources.gold(a.seat)
    if board.tagged(a.space, "island") then
      local fare = M.fare(a.character, "island_return_fare")
      if gold < fare then return nil end
      local out = {}
      for _, port in ipairs(board.all_tagged("port")) do
        out[#out + 1] = { id = "sail:" .. port, label = { "island.sail_back", to = { "space." .. port }, cost = fare },
                          on_choice = M.back, movement = true }
      end
      return out
    end
    if not (board.on_ring(a.space) and board.tagged(a.space, "port")) then return nil end
    local fare = M.fare(a.character, "island_fare")
    if gold < fare then return nil end
    return { { id = "sail:island", label = { "island.sail_there", cost = fare }, on_choice = M.there, movement = true } }
  end,
}

return M
