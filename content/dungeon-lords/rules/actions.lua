-- P2 execution (§4.3.2, §4.4): the action spaces in their fixed order, each
-- slot in its order (slot 3 first where the action says last_first). A
-- lord's slot costs and gives what [params.action_slots] says; the work it
-- does (digging, mining, traps, monsters, rooms) is in rules/works.lua.
local T = tabula
local B = require "rules.board"
local C = require "rules.colours"
local S = require "rules.slot"
local W = require "rules.works"
local M = {}

local SLOTS, LAST_FIRST = T.param("action_slots"), T.param("last_first")

-- Every (action, slot) pair in the order they are resolved.
local function sequence()
  local out = {}
  for _, action in ipairs(T.param("actions")) do
    local n = #SLOTS[action]
    for k = 1, n do
      out[#out + 1] = { action = action, slot = LAST_FIRST[action] and n + 1 - k or k }
    end
  end
  return out
end
local SEQUENCE = sequence()

-- The works' and the spy's continuations are named by value; a module the
-- kernel loads must reach them.
M.works = W
M.slots = S

function M.execute() T.schedule("step", { i = 1 }) end

function M.step(ctx)
  local i = ctx.args.i
  local at = SEQUENCE[i]
  if not at then return end
  local colour = B.occupant(at.action, at.slot)
  if colour ~= 0 then
    B.free(at.action, at.slot)
    if not C.is_dummy(colour) then M.slot(colour, at.action, at.slot) end
  end
  T.schedule("step", { i = i + 1 })
end

-- --- one slot ------------------------------------------------------------------

function M.slot(seat, action, i)
  local d = SLOTS[action][i]
  local work = W.of(d)
  local args = { seat = seat, action = action, slot = i }
  if not S.can_pay(seat, d.pay or {}) or (work and not work.possible(seat, d)) then
    S.decline(args, "actions.cannot")
    return
  end
  if work and work.asks then
    -- The work's first question offers declining.
    work.start(seat, d, args)
    return
  end
  T.decide {
    seat = seat, prompt = { "actions.use", card = B.card_of(seat, action), slot = i },
    options = { { id = "use", label = { "actions.use_for", effect = S.effect_words(SLOTS[action][i]) } },
                { id = "decline", label = "actions.decline" } },
    on_choice = "used", args = args,
  }
end

function M.used(ctx)
  if ctx.choice == "decline" then
    S.decline(ctx.args)
    return
  end
  S.commit(ctx.args)
  local d = S.data(ctx.args)
  local work = W.of(d)
  if work then work.start(ctx.args.seat, d, ctx.args) end
end

return M
