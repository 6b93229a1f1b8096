-- Map Parts (WR §3.4.3, §3.4.4, C-17). A Treasure Map card puts the top
-- parts of the pile on the wilderness spaces they name, under the
-- adventures there and visible; an empty pile first takes the discard pile,
-- shuffled, and with both empty no more are placed (Q-15: as many as
-- there are). At the end of its turn a character may take the part on its
-- space if no adventure card lies there (so it beat every monster and used
-- every opportunity) and it did not sneak past the monsters: its owner is
-- asked (the seed's "může"). A seat's parts lie face down in its zone
-- `maps`, and so does anything that counts "exactly like a Map Part" (a
-- Treasure Hunters guardian card): only their number matters. A
-- character's maps stay with its player when it dies: they are neither
-- items nor abilities (WR §3.4.4).
local T = tabula
local board = require "rules.board"
local deck = require "rules.deck"
local names = require "rules.names"
local options = require "std.options"
local M = {}

function M.held(seat) return T.count("maps", seat) end

function M.place(n)
  for _ = 1, n do
    local part = deck.draw("map_deck", "map_discard")
    if part == nil then return T.log("island.log.no_maps") end
    local space = T.get(part, "space")
    T.move(part, space)
    T.turn(part, true)
    T.log({ "island.log.map_placed", space = { "space." .. space } })
  end
end

-- The seed makes the pickup optional ("Sebrat Část mapy může hráč"): the
-- owner is asked, since a map held can be fought for (WR §3.4.8).
function M.pick_up(seat, char)
  local t = T.var("turn")
  local space = board.where(char)
  if T.get(char, "out") or not board.on_board(space) or (t and t.used.sneaking) then return end
  if #board.adventures(space) > 0 then return end
  local parts = board.on_space(space, "map_part")
  if #parts == 0 then return end
  T.decide { seat = seat, prompt = { "island.pick_up", space = { "space." .. space } },
             options = { { id = "take", label = "island.take_map" }, { id = "leave", label = "island.leave_map" } },
             on_choice = M.picked_up, args = { seat = seat, char = char, parts = parts } }
end

function M.picked_up(ctx)
  if ctx.choice ~= "take" then return end
  local seat, char = ctx.args.seat, ctx.args.char
  for _, id in ipairs(ctx.args.parts) do
    T.move(id, "maps", seat)
    T.turn(id, false)
    T.log({ "island.log.map_taken", who = names.who(char), n = M.held(seat) })
  end
end

local function hand_over(card, from_seat, to_seat)
  T.move(card, "maps", to_seat)
  T.turn(card, false)
  T.log({ "island.log.map_given", from = names.who(board.character(from_seat)),
          to = names.who(board.character(to_seat)) })
end

-- The loser of a fight for maps gives the winner one of its maps. When it
-- holds other cards that count as maps besides Map Parts, it picks one.
function M.give(loser, winner)
  local from, to = T.owner(loser), T.owner(winner)
  local parts, others = {}, {}
  for _, id in ipairs(T.zone("maps", from)) do
    if T.kind(id) == "map_part" then parts[#parts + 1] = id else others[#others + 1] = id end
  end
  if #others == 0 then
    if parts[1] then hand_over(parts[1], from, to) end
    return
  end
  local extra = {}
  if parts[1] then extra[1] = { id = "part", label = "island.give_part" } end
  options.pick { seat = from, prompt = "island.give_which", entities = others, prefix = "card:", extra = extra,
                 on_pick = M.given, args = { from = from, to = to, part = parts[1] } }
end

function M.given(ctx)
  local card = options.picked(ctx) or ctx.args.part
  hand_over(card, ctx.args.from, ctx.args.to)
end

-- The ways a seat can pay n maps: how many of its other cards that count
-- as maps (Treasure Hunters' guardian cards) go with the Map Parts, from
-- the fewest possible to the most.
function M.mixes(seat, n)
  local parts, others = 0, 0
  for _, id in ipairs(T.zone("maps", seat)) do
    if T.kind(id) == "map_part" then parts = parts + 1 else others = others + 1 end
  end
  local out = {}
  for k = math.max(0, n - parts), math.min(n, others) do out[#out + 1] = k end
  return out
end

-- Spends n maps of a seat, k of them other cards that count as maps, which
-- leave the game (WR §3.5.4 item 2); the Map Parts go to the discard pile.
-- Which kind is spent is the seat's choice (island/treasures.lua asks): a
-- Map Part spent can come back into play, a guardian card cannot.
function M.spend(seat, n, k)
  local parts, others = {}, {}
  for _, id in ipairs(T.zone("maps", seat)) do
    if T.kind(id) == "map_part" then parts[#parts + 1] = id else others[#others + 1] = id end
  end
  for i = 1, math.min(k, #others) do T.move(others[i], "out") end
  for i = 1, math.min(n - k, #parts) do
    T.move(parts[i], "map_discard")
    T.turn(parts[i], true)
  end
end

M.on = {
  turn_ending = function(ctx) M.pick_up(ctx.args.seat, ctx.args.character) end,
}

return M
