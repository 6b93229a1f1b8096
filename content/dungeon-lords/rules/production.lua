-- P3, production (§4.3.3 item 1, §5.3): each lord in turn, from the
-- starting player, activates his intact production rooms one at a time
-- until he says he is done. A room's numbers are its props (rooms.toml):
-- `work` workers, `upkeep` paid besides, `produce` given.
local T = tabula
local D = require "rules.dungeon"
local S = require "rules.slot"
local W = require "rules.works"
local options = require "std.options"
local list = require "std.list"
local M = {}

local USES = T.param("production_uses")

local function year() return T.var("year") or 1 end

-- A troll token works only here (§4.1.6), so tokens go to work before imps.
-- A troll lost this round takes its token even if it worked: never below 0.
local function free_tokens(seat)
  return math.max(0, T.counter(seat, "trolls") - T.counter(seat, "busy_trolls"))
end

local function put_to_work(seat, n)
  local tokens = math.min(n, free_tokens(seat))
  T.add_counter(seat, "busy_trolls", tokens)
  S.put_to_work(seat, n - tokens)
end

-- A room is offered only when its output can be had: a tool shed needs a
-- square to dig, a workshop a trap card to draw.
local function output_possible(seat, out)
  if (out.dig or 0) > 0 and #D.diggable(seat) == 0 then return false end
  if (out.traps or 0) > 0 and not W.traps.possible() then return false end
  return true
end

function M.can_activate(seat, room)
  local work = T.get(room, "work")
  return work > 0 and D.intact(room) and T.get(room, "activations") < USES[year()]
    and S.free_imps(seat) + free_tokens(seat) >= work
    and S.can_pay(seat, T.get(room, "upkeep"))
    and output_possible(seat, T.get(room, "produce"))
end

local function activatable(seat)
  return list.filter(D.squares(seat), function(sq) return D.is_room(sq) and M.can_activate(seat, sq) end)
end

function M.produce(ctx) M.ask(ctx.seat) end

function M.ask(seat)
  local rooms = activatable(seat)
  if #rooms == 0 then return end
  options.pick {
    seat = seat, prompt = "production.which_room", entities = rooms, prefix = "room:",
    extra = { { id = "done", label = "production.done" } }, on_pick = "activated", args = { seat = seat },
  }
end

function M.activated(ctx)
  local seat, room = ctx.args.seat, options.picked(ctx)
  if not room then return end
  put_to_work(seat, T.get(room, "work"))
  S.pay(seat, T.get(room, "upkeep"))
  T.add(room, "activations", 1)
  T.log({ "production.activated", seat = seat, room = room })
  local out = T.get(room, "produce")
  -- An imp the magic room makes is free at once (§4.3.3): S.gain adds it
  -- to the lord's imps, none of them busy.
  S.gain(seat, out)
  -- Never the year-2 extra draw of Buy Traps (§5.3 Workshop).
  if (out.traps or 0) > 0 then W.draw_traps(seat, out.traps) end
  M.ask_dig(seat, out.dig or 0)
end

-- The tool shed's tunnels follow the digging rules (D.diggable); its own
-- workers dig them, so no further imp is needed (§4.1.6).
function M.ask_dig(seat, left)
  local squares = D.diggable(seat)
  if left <= 0 or #squares == 0 then return M.ask(seat) end
  T.decide {
    seat = seat, prompt = "production.where_dig",
    options = list.map(squares, function(at)
      return { id = "c" .. at.c .. "r" .. at.r, label = { "actions.dig_at", c = at.c, r = at.r } }
    end),
    on_choice = "dug", args = { seat = seat, left = left },
  }
end

function M.dug(ctx)
  local seat = ctx.args.seat
  local c, r = ctx.choice:match("^c(%d+)r(%d+)$")
  D.dig(seat, tonumber(c), tonumber(r))
  T.log({ "actions.dug", seat = seat, c = tonumber(c), r = tonumber(r) })
  M.ask_dig(seat, ctx.args.left - 1)
end

return M
