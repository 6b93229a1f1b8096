-- The space's options (PB §2.2, §4 step 6, D-14, D-19): after the fights,
-- the character uses what its space offers, in any order, until it ends
-- its turn: healing, magic, lodging, the market, repairs, learning the
-- guild's abilities; lying artifacts are taken first (WR Q-21). Cards
-- (opportunities, potions) and expansions add options through the
-- extension point `space_options` {seat, character, space}: options with
-- their own on_choice.
local T = tabula
local board = require "rules.board"
local death = require "rules.death"
local guilds = require "rules.guilds"
local market = require "rules.market"
local names = require "rules.names"
local resources = require "rules.resources"
local M = {}

local function turn() return T.var("turn") end

-- Also done when the turn's steps no longer run (the figure left the board).
function M.done()
  local t = turn()
  return t.over or t.space_done or T.get(t.char, "out") or not board.on_board(board.where(t.char))
end

local function add(list, id, label, fn) list[#list + 1] = { id = id, label = label, on_choice = fn } end

-- Artifacts lying here go to the first character to end its movement here
-- once no monster is left (PB §5.3, WR Q-21, Q-34).
local function pick_up(t, space)
  if #board.monsters(space) > 0 then return end
  local spheres = require "rules.spheres"
  for _, a in ipairs(board.lying_artifacts(space)) do spheres.take_artifact(t.char, a) end
end

local function sells_here(space)
  for _, s in ipairs(T.param("sell_in")) do
    if s == space then return true end
  end
  return false
end

function M.options(t)
  local char, seat = t.char, t.seat
  local space = board.where(char)
  local gold = resources.gold(seat)
  local o = {}
  local wounded, spent = resources.can_heal(char), resources.spent_magic(char)
  if board.tagged(space, "guild:monastery") and wounded and not t.used.monastery then
    add(o, "monastery", { "space.heal_free", n = T.param("monastery_heal") }, M.monastery)
  end
  if board.tagged(space, "guild:forest_camp") and wounded and gold >= T.param("camp_life_price") then
    add(o, "camp", { "space.heal_paid", cost = T.param("camp_life_price") }, M.camp)
  end
  if space == "wasteland" and spent and not t.used.wasteland then
    add(o, "wasteland", { "space.magic_free", n = T.param("wasteland_magic") }, M.wasteland)
  end
  local tower = T.param("tower_magic")
  if board.tagged(space, "guild:magic_tower") and spent and gold >= tower.gold then
    add(o, "tower", { "space.magic_paid", cost = tower.gold, n = tower.magic }, M.tower)
  end
  local lodging = T.param("lodging")
  if space == "village" and not t.used.lodging and gold >= lodging.gold then
    add(o, "lodging", { "space.lodging", cost = lodging.gold }, M.lodge)
  end
  if board.tagged(space, "market") then
    for _, it in ipairs(T.zone(space .. "_goods")) do
      local price = market.price(it, seat)
      if gold >= price then add(o, "buy:" .. it, { "space.buy", item = it, cost = price }, M.buy) end
    end
  end
  if sells_here(space) then
    for _, it in ipairs(T.zone("items", seat)) do
      add(o, "sell:" .. it, { "space.sell", item = it, gain = market.sale_price(it, seat) }, M.sell)
    end
  end
  if board.tagged(space, "civilization") and gold >= T.param("repair_price") then
    for _, it in ipairs(T.zone("items", seat)) do
      if T.get(it, "damaged") then add(o, "repair:" .. it, { "space.repair", item = it, cost = T.param("repair_price") }, M.repair) end
    end
  end
  local guild = board.guild_of(space)
  if guild then
    for _, card in ipairs(T.zone("offer_" .. guild)) do
      local exp, cost = guilds.price(char, card)
      if resources.exp(seat) >= exp and gold >= cost then
        add(o, "learn:" .. card, { "space.learn", card = card, exp = exp, gold = cost }, M.learn)
      end
    end
  end
  for _, x in ipairs(T.collect("space_options", { seat = seat, character = char, space = space })) do o[#o + 1] = x end
  return o
end

function M.offer()
  local t = turn()
  pick_up(t, board.where(t.char))
  local options = M.options(t)
  options[#options + 1] = { id = "end", label = "space.end" }
  T.decide { seat = t.seat, prompt = { "space.prompt", space = { "space." .. board.where(t.char) } },
             options = options, on_choice = M.finish }
end

function M.finish()
  local t = turn()
  t.space_done = true
end

local function id_of(choice) return math.tointeger(tonumber(choice:match(":(.+)$"))) end

function M.monastery()
  local t = turn()
  t.used.monastery = true
  resources.heal(t.char, T.param("monastery_heal"), "monastery")
  T.log({ "log.healed", who = names.who(t.char), lives = T.get(t.char, "lives") })
end

function M.camp()
  local t = turn()
  resources.pay(t.seat, "gold", T.param("camp_life_price"))
  resources.heal(t.char, 1, "forest_camp")
  T.log({ "log.healed", who = names.who(t.char), lives = T.get(t.char, "lives") })
end

function M.wasteland()
  local t = turn()
  t.used.wasteland = true
  resources.restore_magic(t.char, T.param("wasteland_magic"), "wasteland")
  T.log({ "log.magic", who = names.who(t.char), magic = T.get(t.char, "magic") })
end

function M.tower()
  local t = turn()
  local tower = T.param("tower_magic")
  resources.pay(t.seat, "gold", tower.gold)
  resources.restore_magic(t.char, tower.magic, "magic_tower")
  T.log({ "log.magic", who = names.who(t.char), magic = T.get(t.char, "magic") })
end

-- A night's lodging: a life, magic, and safety until the next turn.
function M.lodge()
  local t = turn()
  local lodging = T.param("lodging")
  t.used.lodging = true
  resources.pay(t.seat, "gold", lodging.gold)
  resources.heal(t.char, lodging.lives, "lodging")
  resources.restore_magic(t.char, lodging.magic, "lodging")
  local lodged = T.var("lodged") or {}
  lodged[tostring(t.seat)] = true
  T.set_var("lodged", lodged)
  T.log({ "log.lodged", who = names.who(t.char) })
end

function M.buy(ctx)
  local t = turn()
  local it = id_of(ctx.choice)
  resources.pay(t.seat, "gold", market.price(it, t.seat))
  T.move(it, "items", t.seat)
  T.log({ "log.bought", who = names.who(t.char), item = it })
end

function M.sell(ctx)
  local t = turn()
  local it = id_of(ctx.choice)
  local gain = market.sale_price(it, t.seat)
  resources.add(t.seat, "gold", gain)
  T.log({ "log.sold", who = names.who(t.char), item = it, gold = gain })
  T.emit("sold", { seat = t.seat, character = t.char, item = it })
  death.discard(it)
end

function M.repair(ctx)
  local t = turn()
  local it = id_of(ctx.choice)
  resources.pay(t.seat, "gold", T.param("repair_price"))
  T.set(it, "damaged", false)
  T.log({ "log.repaired", who = names.who(t.char), item = it })
end

function M.learn(ctx)
  local t = turn()
  local card = id_of(ctx.choice)
  local exp, gold = guilds.price(t.char, card)
  resources.pay(t.seat, "exp", exp)
  resources.pay(t.seat, "gold", gold)
  T.move(card, "abilities", t.seat)
  T.turn(card, true)
  T.log({ "log.learned", who = names.who(t.char), card = card, exp = exp, gold = gold })
end

-- The lodging's safety lasts until the character's next turn.
M.on = {
  turn_started = function(ctx)
    local lodged = T.var("lodged")
    local key = tostring(ctx.args.seat)
    if lodged and lodged[key] then lodged[key] = nil end
  end,
}

return M
