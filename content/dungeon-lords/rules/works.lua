-- The work an action slot does beyond paying and gaining (§4.4): digging,
-- mining, buying traps, hiring a monster, building a room. Each work says
-- whether the lord can do it at all (possible) and then asks what he does;
-- works that ask (asks = true) offer declining in their first question.
local T = tabula
local D = require "rules.dungeon"
local S = require "rules.slot"
local options = require "std.options"
local pile = require "std.pile"
local list = require "std.list"
local W = {}

local function year() return T.var("year") or 1 end
local function decline_option() return { id = "decline", label = "actions.decline" } end

-- --- Dig Tunnels: a foreman first on slot 3, then one imp per tunnel --------------

W.dig = { asks = true }

function W.dig.possible(seat, d)
  return S.free_imps(seat) >= (d.foreman or 0) + 1 and #D.diggable(seat) > 0
end

local function ask_dig(args, dug)
  local seat, d = args.seat, S.data(args)
  local squares = D.diggable(seat)
  if dug >= d.dig or S.free_imps(seat) < 1 or #squares == 0 then return end
  local opts = list.map(squares, function(at)
    return { id = "c" .. at.c .. "r" .. at.r, label = { "actions.dig_at", c = at.c, r = at.r } }
  end)
  opts[#opts + 1] = dug == 0 and decline_option() or { id = "stop", label = "actions.dig_stop" }
  T.decide {
    seat = seat, prompt = { "actions.where_dig", card = S.card(args), slot = args.slot, n = dug + 1, max = d.dig },
    options = opts, on_choice = W.dug, args = { slot = args, dug = dug },
  }
end

function W.dig.start(_, _, args) ask_dig(args, 0) end

function W.dug(ctx)
  local args, dug = ctx.args.slot, ctx.args.dug
  if ctx.choice == "decline" then return S.decline(args) end
  if ctx.choice == "stop" then return end
  if dug == 0 then
    S.commit(args)
    S.put_to_work(args.seat, S.data(args).foreman or 0)
  end
  local c, r = ctx.choice:match("^c(%d+)r(%d+)$")
  D.dig(args.seat, tonumber(c), tonumber(r))
  S.put_to_work(args.seat, 1)
  T.log({ "actions.dug", seat = args.seat, c = tonumber(c), r = tonumber(r) })
  ask_dig(args, dug + 1)
end

-- --- Mine Gold: one imp per intact tunnel, a gold each ------------------------------

W.mine = { asks = true }

local function most_miners(seat, d)
  return math.min(d.mine, S.free_imps(seat) - (d.foreman or 0), #D.intact_tunnels(seat))
end

function W.mine.possible(seat, d) return most_miners(seat, d) >= 1 end

function W.mine.start(seat, d, args)
  local opts = {}
  for n = 1, most_miners(seat, d) do opts[#opts + 1] = { id = n, label = { "actions.miners", n = n, gold = n } } end
  opts[#opts + 1] = decline_option()
  T.decide {
    seat = seat, prompt = { "actions.how_many_miners", card = S.card(args), slot = args.slot },
    options = opts, on_choice = W.mined, args = args,
  }
end

function W.mined(ctx)
  local args = ctx.args
  if ctx.choice == "decline" then return S.decline(args) end
  S.commit(args)
  S.put_to_work(args.seat, (S.data(args).foreman or 0) + ctx.choice)
  T.add_counter(args.seat, "gold", ctx.choice)
  T.log({ "actions.mined", seat = args.seat, n = ctx.choice })
end

-- --- Buy Traps: secret draws; year 2 draws one more and discards one -------------------

W.traps = { asks = false }

function W.traps.possible() return T.count("trap_deck") + T.count("trap_discard") > 0 end

function W.traps.start(seat, d)
  local n = d.traps + T.param("extra_trap_draw")[year()]
  W.draw_traps(seat, n)
  if T.param("extra_trap_draw")[year()] > 0 and T.count("traps", seat) > 0 then
    options.pick {
      seat = seat, prompt = "actions.discard_trap", entities = T.zone("traps", seat), prefix = "discard:",
      on_pick = W.trap_discarded, args = { seat = seat },
    }
  end
end

-- The deck runs out only in long games; the discards are shuffled into it
-- then (trap_reshuffle: the rulebook does not say).
function W.draw_traps(seat, n)
  local drawn = pile.draw({ from = "trap_deck", to = "traps", to_seat = seat, n = n,
                            reshuffle = T.param("trap_reshuffle") and "trap_discard" or nil })
  for _, t in ipairs(drawn) do
    T.set_owner(t, seat)
    T.turn(t, true)
  end
  T.log({ "actions.traps_drawn", seat = seat, n = #drawn })
end

function W.trap_discarded(ctx)
  local trap = options.picked(ctx)
  T.move(trap, "trap_discard")
  T.turn(trap, false)
  T.log({ "actions.trap_discarded", seat = ctx.args.seat })
end

-- --- Hire Monsters: one tavern monster, its printed cost plus the slot's ----------------

W.hire = { asks = true }

local function non_ghosts(seat)
  return list.filter(T.zone("den", seat), function(m) return not T.has_tag(m, "ghost") end)
end

-- The cost of a monster as a payment table, with the slot's surcharge.
function W.monster_cost(m, extra)
  extra = extra or {}
  return { food = T.get(m, "cost_food") + (extra.food or 0), gold = T.get(m, "cost_gold") + (extra.gold or 0),
           evil = T.get(m, "cost_evil") + (extra.evil or 0) }
end

-- The cost as words for a label or a prompt: "2 food, 1 evil", "1 gold, 1
-- trap", each number read from the monster's props (plus the surcharge), so
-- a layer that changes a cost changes what the question says.
function W.cost_words(m, extra)
  local pay, words = W.monster_cost(m, extra), {}
  for _, what in ipairs({ "food", "gold", "evil" }) do
    if pay[what] > 0 then words[#words + 1] = { "cost." .. what, n = pay[what] } end
  end
  for _, what in ipairs({ "trap", "monster" }) do
    local n = T.get(m, "cost_" .. what)
    if n > 0 then words[#words + 1] = { "cost." .. what, n = n } end
  end
  if #words == 0 then return { "cost.free" } end
  return words
end

function W.can_keep(seat, m, extra, except)
  local others = list.filter(non_ghosts(seat), function(x) return x ~= m and x ~= except end)
  return S.can_pay(seat, W.monster_cost(m, extra)) and T.count("traps", seat) >= T.get(m, "cost_trap")
    and #others >= T.get(m, "cost_monster")
end

local function hireable(seat, d)
  return list.filter(T.zone("tavern"), function(m) return W.can_keep(seat, m, d.pay) end)
end

function W.hire.possible(seat, d) return #hireable(seat, d) > 0 end

function W.hire.start(seat, d, args)
  options.pick {
    seat = seat, prompt = { "actions.which_monster", card = S.card(args), slot = args.slot },
    entities = hireable(seat, d), prefix = "hire:",
    label = function(m) return { "actions.hire_option", monster = m, cost = W.cost_words(m, d.pay) } end,
    extra = { decline_option() }, on_pick = W.hired, args = args,
  }
end

function W.hired(ctx)
  local args, m = ctx.args, options.picked(ctx)
  if not m then return S.decline(args) end
  S.commit(args)
  T.move(m, "den", args.seat)
  T.set_owner(m, args.seat)
  T.turn(m, true)
  if T.has_tag(m, "troll_token") then T.add_counter(args.seat, "trolls", 1) end
  T.log({ "actions.hired", seat = args.seat, monster = m })
  W.pay_monster(args.seat, m)
end

-- A monster's own cost (at hiring and at payday): food, gold and evil, then
-- the golem's trap and the demon's other monster, each of the lord's choice.
function W.pay_monster(seat, m)
  S.pay(seat, W.monster_cost(m))
  for _ = 1, T.get(m, "cost_trap") do
    options.pick {
      seat = seat, prompt = { "actions.pay_trap", monster = m }, entities = T.zone("traps", seat),
      prefix = "trap:", on_pick = W.paid_trap, args = { seat = seat },
    }
  end
  for _ = 1, T.get(m, "cost_monster") do
    options.pick {
      seat = seat, prompt = { "actions.pay_monster", monster = m },
      entities = list.filter(non_ghosts(seat), function(x) return x ~= m end),
      prefix = "give:", on_pick = W.paid_monster, args = { seat = seat },
    }
  end
end

function W.paid_trap(ctx)
  local trap = options.picked(ctx)
  T.move(trap, "trap_discard")
  T.turn(trap, false)
end

function W.paid_monster(ctx) W.lose_monster(ctx.args.seat, options.picked(ctx)) end

-- A monster leaves its lord for the Distant Lands, and a troll takes its
-- token with it (§4.1.6).
function W.lose_monster(seat, m)
  T.move(m, "distant_lands")
  T.set_owner(m, nil)
  if T.has_tag(m, "troll_token") then T.add_counter(seat, "trolls", -1) end
  T.log({ "actions.monster_leaves", seat = seat, monster = m })
end

-- --- Build Rooms: one shop room over an intact plain tunnel ------------------------------

W.build = { asks = true }

local function buildable(seat)
  return list.filter(T.zone("shop"), function(room) return #D.room_sites(seat, room) > 0 end)
end

function W.build.possible(seat) return #buildable(seat) > 0 end

function W.build.start(seat, _, args)
  options.pick {
    seat = seat, prompt = { "actions.which_room", card = S.card(args), slot = args.slot },
    entities = buildable(seat), prefix = "room:",
    extra = { decline_option() }, on_pick = W.room_chosen, args = args,
  }
end

function W.room_chosen(ctx)
  local args, room = ctx.args, options.picked(ctx)
  if not room then return S.decline(args) end
  S.commit(args)
  local sites = D.room_sites(args.seat, room)
  if #sites == 1 then return W.place_room(args.seat, room, sites[1]) end
  T.decide {
    seat = args.seat, prompt = { "actions.where_room", room = room },
    options = list.map(sites, function(sq) return { id = D.option_id(sq), entity = sq, label = D.label(sq) } end),
    on_choice = W.room_placed, args = { seat = args.seat, room = room },
  }
end

-- The site is named by its place ("c3r2").
function W.room_placed(ctx)
  for _, sq in ipairs(D.room_sites(ctx.args.seat, ctx.args.room)) do
    if D.option_id(sq) == ctx.choice then return W.place_room(ctx.args.seat, ctx.args.room, sq) end
  end
end

function W.place_room(seat, room, tunnel)
  local c, r = T.get(tunnel, "c"), T.get(tunnel, "r")
  D.build(seat, room, tunnel)
  T.log({ "actions.built", seat = seat, room = room, c = c, r = r })
end

-- The work a slot's data names, if any.
function W.of(d)
  if d.dig then return W.dig end
  if d.mine then return W.mine end
  if d.traps then return W.traps end
  if d.hire then return W.hire end
  if d.build then return W.build end
end

return W
