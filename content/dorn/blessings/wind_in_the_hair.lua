-- B10 Wind in the Hair (dorn.md §6.8, §4.4.6): the hero is teleported at
-- once to a field up to `effect.teleport` fields away. The route passes
-- over figures and barriers (R11), never through a Teleport, over another
-- obstacle or the closed Gate; it ends on a field he may stand on.
local T = tabula
local board = require "rules.board"
local reach = require "rules.reach"
local blessings = require "rules.blessings"
local M = {}

local function fields(h, range)
  local blocked = {}
  for _, f in ipairs(reach.blocked()) do
    local barrier = false
    for _, id in ipairs(T.zone(f)) do
      if T.kind(id) == "barrier" then barrier = true end
    end
    if not barrier then blocked[#blocked + 1] = f end
  end
  local out = {}
  for _, f in ipairs(T.within(board.field(h), range, blocked)) do
    if blessings.free_for_hero(h, f) then out[#out + 1] = f end
  end
  return out
end

M.extend = blessings.needs(function(h, card) return fields(h, T.get(card, "effect").teleport) end)

function M.play(ctx)
  local options = fields(ctx.args.hero, T.get(ctx.self, "effect").teleport)
  T.decide { seat = ctx.args.seat, prompt = { "blessing.teleport", hero = ctx.args.hero }, options = options,
             label = "pick.field", on_choice = M.go, args = ctx.args }
end

function M.go(ctx) blessings.put_hero(ctx.args.hero, ctx.choice) end

return M
