-- The treasures (WR §3.4.2, §3.4.6, §3.4.7, D-30). The top ones of the
-- pile on the island lie face up across it (the param `treasures_shown`);
-- only those can be dug up. Digging is the island's option of the space
-- phase, which comes after the fight with another character (WR §4.2 step
-- 7, TV-70): the character picks one shown treasure whose maps it can pay,
-- spends that many maps (which ones, when it also holds guardian cards, it
-- chooses) and takes the treasure into its items; the other
-- shown one goes under the pile and the next ones are turned up, as many as
-- there are (Q-16; `treasure_refill` false: the others stay, Treasure
-- Hunters). At most `digs_per_turn` digs a turn (Q-17). The event
-- `treasure_dug` {seat, character, card, maps} tells other rules. A lost,
-- sold or destroyed treasure goes to the bottom of the pile (D-30; the
-- param `lost_treasures`), never to the rare items' discard pile. An item
-- whose `effect.force_cost` is set makes forcing a fight by willpower that
-- much cheaper for its holder (D-30: treasure 3c).
local T = tabula
local board = require "rules.board"
local gear = require "rules.gear"
local maps = require "island.maps"
local names = require "rules.names"
local options = require "std.options"
local M = {}

function M.is_treasure(id) return T.kind(id) == "item" and T.get(id, "deck") == "treasure" end

-- Turns up the top of the pile until `treasures_shown` are shown.
function M.show()
  while T.count("treasures") < T.param("treasures_shown") do
    local top = T.zone("treasure_pile")[1]
    if top == nil then return end
    T.move(top, "treasures")
    T.turn(top, true)
    T.log({ "island.log.shown", card = top })
  end
end

local function affordable(seat)
  local out = {}
  for _, tr in ipairs(T.zone("treasures")) do
    if T.get(tr, "maps") <= maps.held(seat) then out[#out + 1] = tr end
  end
  return out
end

-- A seat holding both Map Parts and guardian cards (Treasure Hunters)
-- chooses how many of each it spends, when more than one mix pays.
function M.dig(ctx)
  local t = T.var("turn")
  local card = options.entity(affordable(t.seat), "dig:", ctx.choice)
  local cost = T.get(card, "maps")
  t.used.digs = (t.used.digs or 0) + 1
  local mixes = maps.mixes(t.seat, cost)
  if #mixes > 1 then
    local opts = {}
    for _, k in ipairs(mixes) do
      opts[#opts + 1] = { id = "others:" .. k, label = { "island.spend_mix", others = k, parts = cost - k } }
    end
    return T.decide { seat = t.seat, prompt = { "island.spend_which", n = cost }, options = opts,
                      on_choice = M.dug, args = { card = card } }
  end
  M.dug({ choice = "others:" .. mixes[1], args = { card = card } })
end

function M.dug(ctx)
  local t = T.var("turn")
  local card = ctx.args.card
  local cost = T.get(card, "maps")
  maps.spend(t.seat, cost, math.tointeger(tonumber(tostring(ctx.choice):match("^others:(%d+)$"))))
  T.move(card, "items", t.seat)
  T.turn(card, true)
  T.log({ "island.log.dug", who = names.who(t.char), card = card, n = cost })
  if T.param("treasure_refill") then
    for _, other in ipairs(T.zone("treasures")) do
      T.move(other, "treasure_pile", nil, "back")
      T.turn(other, false)
    end
    M.show()
  end
  T.emit("treasure_dug", { seat = t.seat, character = t.char, card = card, maps = cost })
end

M.modify = {
  force_cost = function(ctx)
    local amount, seat = ctx.args.amount, T.owner(ctx.args.payer)
    if T.kind(ctx.args.payer) ~= "character" or seat == nil then return amount end
    for _, it in ipairs(T.zone("items", seat)) do
      if gear.works(ctx.args.payer, it, "willpower") then amount = amount - (T.get(it, "effect").force_cost or 0) end
    end
    return amount
  end,
}

M.extend = {
  space_options = function(ctx)
    local a = ctx.args
    local t = T.var("turn")
    if not board.tagged(a.space, "island") or (t.used.digs or 0) >= T.param("digs_per_turn") then return nil end
    local out = options.for_entities(affordable(a.seat), "dig:", function(tr)
      return { "island.dig", card = tr, n = T.get(tr, "maps") }
    end)
    for _, o in ipairs(out) do o.on_choice = M.dig end
    return out
  end,

  lost_card = function(ctx)
    if not M.is_treasure(ctx.args.card) then return nil end
    if T.param("lost_treasures") == "out" then return { { zone = "out" } } end
    return { { zone = "treasure_pile", position = "back", face_up = false } }
  end,
}

return M
