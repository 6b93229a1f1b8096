-- Gor's Holy Peace (components §3.7, dorn.md §6.6 SP10): every monster next
-- to him is teleported up to `effect.teleport` fields from where it stood
-- (§4.4.6: never onto the Path). Zorkal is immune (§4.14). Gor's player
-- places them one by one, in field order; one with nowhere to go stays.
local T = tabula
local names = require "rules.names"
local teleport = require "rules.teleport"
local board = require "rules.board"
local reach = require "rules.reach"
local wounds = require "rules.wounds"
local M = {}

local function distance(a) return T.def_get(T.def(a), "effect").teleport end

function M.sent(hero, a)
  local out = {}
  for _, o in ipairs(reach.targets(hero, "adjacent", 1)) do
    -- Monsters only: barriers and cave-ins never move (§4.17 15.c).
    if T.kind(o) == "monster" and not wounds.immune(o, "spell") and #teleport.fields(o, distance(a)) > 0 then out[#out + 1] = o end
  end
  return out
end

M.extend = {
  h3_aims = function(ctx)
    if ctx.args.ability ~= ctx.self then return nil end
    return #M.sent(ctx.args.hero, ctx.self) > 0 and { "all" } or {}
  end,
}

-- Asks where the first monster of `queue` goes that still has a field.
function M.next(seat, queue, n)
  for i, m in ipairs(queue) do
    local fields = teleport.fields(m, n)
    if #fields > 0 then
      local rest = {}
      for j = i + 1, #queue do rest[#rest + 1] = queue[j] end
      local options = {}
      for _, f in ipairs(fields) do options[#options + 1] = { id = f, label = { "h3.teleport_to", figure = m, field = names.of(f) } } end
      T.decide { seat = seat, prompt = "h3.teleport_where", options = options, on_choice = M.place,
                 args = { seat = seat, figure = m, queue = rest, n = n } }
      return
    end
  end
end

function M.resolve(ctx)
  M.next(T.owner(ctx.args.hero), M.sent(ctx.args.hero, ctx.self), distance(ctx.self))
end

function M.place(ctx)
  local m = ctx.args.figure
  local from = board.field(m)
  T.move(m, ctx.choice)
  T.emit("entered", { figure = m, field = ctx.choice, from = from, teleported = true })
  M.next(ctx.args.seat, ctx.args.queue, ctx.args.n)
end

return M
